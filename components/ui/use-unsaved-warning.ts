'use client';

import { useEffect } from 'react';

/**
 * While something typed is not saved yet (a note not yet left, a rename not yet confirmed, a save under way), the
 * browser asks before a reload or a closed tab throws it away.
 */
export function useUnsavedWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
