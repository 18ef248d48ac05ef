'use client';

import { useEffect, useRef, useState } from 'react';

/** A text field that follows its URL value but reports typing only after a pause. */
export function useDebouncedField(value: string, onCommit: (value: string) => void, delay = 400) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The URL changed from elsewhere (back, reset): show its value.
    setShown(value);
    setText(value);
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => commit.current(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);
  return [text, setText] as const;
}
