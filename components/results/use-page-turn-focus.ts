import { useEffect, useRef } from 'react';

/**
 * After "Next" or "Previous", the new page starts at its top, with the keyboard on its first result: `turnPage` asks
 * for the page, and once its results replace the placeholder the section scrolls to its top and focuses the first.
 */
export function usePageTurnFocus(data: unknown, isPlaceholderData: boolean, onPage: (page: number) => void) {
  const section = useRef<HTMLElement>(null);
  const paged = useRef(false);
  const turnPage = (page: number) => {
    paged.current = true;
    onPage(page);
  };
  useEffect(() => {
    if (!paged.current || !data || isPlaceholderData) return;
    paged.current = false;
    const top = section.current;
    const scroller = top?.closest<HTMLElement>('[data-scroll-container]');
    if (top && scroller) scroller.scrollTop += top.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    top?.querySelector<HTMLElement>('[data-testid="results-list"] button[data-place-id]')?.focus({ preventScroll: true });
  }, [data, isPlaceholderData]);
  return { section, turnPage };
}
