'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useId, useMemo, useState } from 'react';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import { gazetteerQuery } from '@/lib/explorer/queries/gazetteer-query';
import { canLookUpPlaces, PLACE_SUGGESTIONS, placeNamesQuery } from '@/lib/explorer/queries/place-names-query';
import type { PlaceListItem } from '@/lib/explorer/types';
import type { Destination } from '@/lib/gazetteer/destination';
import { shardOfQuery, suggest } from '@/lib/gazetteer/names';
import { useDebouncedValue } from './use-debounced-value';

const KIND_LABEL = { city: 'City', state: 'State', country: 'Country', park: 'Park', place: 'Place' } as const;
const MAX_SUGGESTIONS = 8;

function placeDestination(place: PlaceListItem): Destination | null {
  const at = place.locations?.[0];
  if (!at) return null;
  const detail = [at.city, at.state, at.country].filter(Boolean).join(', ');
  return { kind: 'place', placeId: place.id, name: place.name, detail, lon: at.longitude, lat: at.latitude, population: 0, bbox: null };
}

/**
 * "Go to": a place name, as you type: cities, states and countries from the static gazetteer, then the dataset's own
 * places (asked of the Place API, as the account, after a pause in typing). The ARIA 1.2 combobox pattern (list autocomplete,
 * the focus stays in the field, the active option is `aria-activedescendant`): Down and Up move through the
 * suggestions, Enter goes to the active one (or the first), Escape closes the list and then clears the field.
 */
interface Props {
  account: PlacesAccount;
  onGo: (entry: Destination) => void;
  /** The map's middle: names around it come first. */
  near?: { lon: number; lat: number };
}

export const GoToBox = memo(function GoToBox({ account, onGo, near }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [wentTo, setWentTo] = useState<string | null>(null);
  const shard = shardOfQuery(text);
  const rows = useQuery({ ...gazetteerQuery(shard ?? ''), enabled: shard !== null, placeholderData: keepPreviousData });
  const settled = useDebouncedValue(text, 250);
  const places = useQuery({ ...placeNamesQuery(settled, account), enabled: canLookUpPlaces(settled) && canLookUpPlaces(text) });
  const suggestions = useMemo(() => {
    const names: Destination[] = shard && rows.data ? suggest(rows.data, text, MAX_SUGGESTIONS, near) : [];
    const found = canLookUpPlaces(text) && places.data ? places.data.map(placeDestination).filter((d) => d !== null) : [];
    // The dataset's places keep their rows when the gazetteer has many names: they are what only this app knows.
    return [...names.slice(0, MAX_SUGGESTIONS - Math.min(found.length, PLACE_SUGGESTIONS)), ...found].slice(0, MAX_SUGGESTIONS);
  }, [shard, rows.data, text, places.data, near]);
  const expanded = open && suggestions.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = (entry: Destination) => {
    setText(entry.name);
    setOpen(false);
    setActive(-1);
    setWentTo(entry.detail ? `${entry.name}, ${entry.detail}` : entry.name);
    onGo(entry);
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

  const noMatch = !expanded && open && shard !== null && !rows.isFetching && rows.data !== undefined && !places.isFetching;
  let status = '';
  if (expanded) status = `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}: use the up and down arrows, then Enter.`;
  else if (noMatch) status = `No place called “${text.trim()}”. Try a city, a state or a park’s name.`;
  else if (wentTo) status = `The map shows ${wentTo}.`;

  return (
    <div className="border-b border-slate-200 px-4 pt-3 pb-3" data-testid="go-to">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Go to
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
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="A city, park, state or place"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            setWentTo(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="w-full rounded-md border border-slate-300 py-2 pr-2 pl-8 text-sm text-ink placeholder:text-slate-500 focus:border-brand-600"
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Places to go to" hidden={!expanded} className="mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-sm">
        {expanded &&
          suggestions.map((entry, i) => (
            <li
              key={`${entry.kind}|${entry.placeId ?? ''}|${entry.name}|${entry.detail}|${entry.lon}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the field, so the click lands and the list does not close under the pointer.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(entry)}
              onMouseMove={() => setActive(i)}
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
      {expanded && (
        <p className="mt-1 text-[11px] text-slate-500">
          Names: GeoNames (CC BY 4.0), Natural Earth and the National Park Service (public domain)
        </p>
      )}
      {/* Said to everyone when nothing matches; the other announcements are for screen readers only. */}
      <p role="status" className={noMatch ? 'mt-1 text-sm text-slate-700' : 'sr-only'} data-testid="go-to-status">
        {status}
      </p>
    </div>
  );
});
