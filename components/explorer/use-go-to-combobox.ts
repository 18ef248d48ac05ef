'use client';

import { useState } from 'react';
import type { Destination } from '@/lib/gazetteer/destination';

/**
 * Go to's ARIA 1.2 combobox (list autocomplete, the focus stays in the field, the active option is
 * `aria-activedescendant`): Down and Up move through the suggestions, Enter goes to the active one (or the first),
 * Escape closes the list and then clears the field. `id` is the field's; the options' ids derive from it.
 */
export function useGoToCombobox(id: string, suggestions: Destination[], setText: (text: string) => void, onGo: (entry: Destination) => void, clearOnChoose = false) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [wentTo, setWentTo] = useState<string | null>(null);
  const expanded = open && suggestions.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = (entry: Destination) => {
    setText(clearOnChoose ? '' : entry.name);
    setOpen(false);
    setActive(-1);
    setWentTo(entry.detail ? `${entry.name}, ${entry.detail}` : entry.name);
    onGo(entry);
  };

  const type = (text: string) => {
    setText(text);
    setOpen(true);
    setActive(-1);
    setWentTo(null);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const n = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (n === 0) return;
      event.preventDefault();
      setOpen(true);
      const down = event.key === 'ArrowDown';
      const next = !expanded || event.altKey ? (down ? 0 : n - 1) : down ? (active + 1) % n : active <= 0 ? n - 1 : active - 1;
      setActive(next);
      // The list can run past a phone's results sheet: the active suggestion scrolls into view.
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      if (!expanded) return;
      event.preventDefault();
      choose(suggestions[active >= 0 ? active : 0]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  return { open, setOpen, active, setActive, expanded, optionId, wentTo, choose, type, onKeyDown };
}
