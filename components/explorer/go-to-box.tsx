'use client';

import { memo, useId, useState } from 'react';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import type { Destination } from '@/lib/gazetteer/destination';
import { GoToList } from './go-to-list';
import { goToStatus } from './go-to-status';
import { useGoToCombobox } from './use-go-to-combobox';
import { useGoToSuggestions } from './use-go-to-suggestions';

/**
 * "Go to": a place name, as you type: cities, states and countries from the static gazetteer, then the dataset's own
 * places (use-go-to-suggestions.ts), in an ARIA 1.2 combobox (use-go-to-combobox.ts). A trip's "Add a stop" is the
 * same box with its own words, emptied once a name is chosen.
 */
interface Props {
  account: PlacesAccount;
  onGo: (entry: Destination) => void;
  /** The map's middle: names around it come first. */
  near?: { lon: number; lat: number };
  label?: string;
  placeholder?: string;
  /** What the status line says once a name is chosen ("The map shows Moab, UT, United States."). */
  done?: (where: string) => string;
  clearOnChoose?: boolean;
  className?: string;
  testId?: string;
}

export const GoToBox = memo(function GoToBox({
  account,
  onGo,
  near,
  label = 'Go to',
  placeholder = 'A city, park, state or place',
  done,
  clearOnChoose = false,
  className = 'border-b border-slate-200 px-4 pt-3 pb-3',
  testId = 'go-to',
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const { suggestions, answered } = useGoToSuggestions(text, account, near);
  const box = useGoToCombobox(id, suggestions, setText, onGo, clearOnChoose);
  const noMatch = !box.expanded && box.open && answered;
  const status = goToStatus({ shown: box.expanded ? suggestions.length : 0, noMatch, text, wentTo: box.wentTo, done });

  return (
    <div className={className} data-testid={testId}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative mt-1">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-500" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="9" cy="9" r="5.5" />
          <path d="m13 13 4 4" />
        </svg>
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={box.expanded}
          aria-controls={listId}
          aria-activedescendant={box.expanded && box.active >= 0 ? box.optionId(box.active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={placeholder}
          value={text}
          onChange={(e) => box.type(e.target.value)}
          onFocus={() => box.setOpen(true)}
          onBlur={() => box.setOpen(false)}
          onKeyDown={box.onKeyDown}
          className="w-full rounded-md border border-slate-300 py-2 pr-2 pl-8 text-sm text-ink placeholder:text-slate-500 focus:border-brand-600"
        />
      </div>
      <GoToList id={listId} expanded={box.expanded} suggestions={suggestions} active={box.active} optionId={box.optionId} onChoose={box.choose} onPoint={box.setActive} />
      {box.expanded && (
        <p className="mt-1 text-[11px] text-slate-500">
          Names: GeoNames (CC BY 4.0), Natural Earth and the National Park Service (public domain)
        </p>
      )}
      {/* Said to everyone when nothing matches; the other announcements are for screen readers only. */}
      <p role="status" className={noMatch ? 'mt-1 text-sm text-slate-700' : 'sr-only'} data-testid={`${testId}-status`}>
        {status}
      </p>
    </div>
  );
});
