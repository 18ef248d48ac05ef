'use client';

import { useEffect, useRef } from 'react';

/**
 * A form or a question that took the place of the button that opened it gives the focus back to that button when it
 * closes (saved, cancelled or Escape), where the keyboard left off. Attach the ref to the button; `open` says
 * whether the form is showing.
 */
export function useReturnFocus<T extends HTMLElement>(open: boolean) {
  const opener = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return opener;
}
