'use client';

import type { Destination } from '@/lib/gazetteer/destination';

const KIND_LABEL = { city: 'City', state: 'State', country: 'Country', park: 'Park', place: 'Place' } as const;

interface Props {
  id: string;
  expanded: boolean;
  suggestions: Destination[];
  active: number;
  optionId: (i: number) => string;
  onChoose: (entry: Destination) => void;
  onPoint: (i: number) => void;
}

/** Go to's list of suggestions: each a name, where it is, and what kind of place it is. */
export function GoToList({ id, expanded, suggestions, active, optionId, onChoose, onPoint }: Props) {
  return (
    <ul id={id} role="listbox" aria-label="Places to go to" hidden={!expanded} className="mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-sm">
      {expanded &&
        suggestions.map((entry, i) => (
          <li
            key={`${entry.kind}|${entry.placeId ?? ''}|${entry.name}|${entry.detail}|${entry.lon}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the field, so the click lands and the list does not close under the pointer.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(entry)}
            onMouseMove={() => onPoint(i)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === active ? 'bg-brand-600 text-white' : 'text-ink'}`}
          >
            <span className="min-w-0 truncate">
              <span className="font-medium">{entry.name}</span>
              {entry.detail && <span className={i === active ? 'text-white' : 'text-slate-600'}>, {entry.detail}</span>}
            </span>
            <span className={`shrink-0 text-xs ${i === active ? 'text-white' : 'text-slate-600'}`}>{KIND_LABEL[entry.kind]}</span>
          </li>
        ))}
    </ul>
  );
}
