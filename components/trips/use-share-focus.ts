import { useEffect, useRef } from 'react';

/**
 * Making or revoking the link replaces the button that was pressed: the focus goes to what took its place (Copy, or
 * Create). `focusAfterChange()` is called before the change.
 */
export function useShareFocus(token: string | null) {
  const focusAfterChange = useRef(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAfterChange.current) return;
    focusAfterChange.current = false;
    (token ? copyButton : createButton).current?.focus();
  }, [token]);
  return {
    focusAfterChange: () => {
      focusAfterChange.current = true;
    },
    copyButton,
    createButton,
  };
}
