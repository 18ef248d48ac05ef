import { useEffect, useRef } from 'react';

/**
 * Making or revoking the link replaces the button that was pressed: the focus goes to what took its place (Copy, or
 * Create) once the request has ended; and when it failed, back to the button, which was disabled while it ran (and
 * lost the focus to the page). `focusAfterChange()` is called before the change.
 */
export function useShareFocus(token: string | null, busy: boolean) {
  const focusAfterChange = useRef(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAfterChange.current || busy) return;
    focusAfterChange.current = false;
    (token ? copyButton : createButton).current?.focus();
  }, [token, busy]);
  return {
    focusAfterChange: () => {
      focusAfterChange.current = true;
    },
    copyButton,
    createButton,
  };
}
