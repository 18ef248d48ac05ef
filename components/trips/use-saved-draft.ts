import { useState } from 'react';

/**
 * What a field of a stop's plan shows as typed, starting from what is saved; when the saved value changes elsewhere
 * (another tab, a teammate, the overnight plan, the calendar picker's own save), the field shows it.
 */
export function useSavedDraft(saved: string): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(saved);
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setDraft(saved);
  }
  return [draft, setDraft];
}
