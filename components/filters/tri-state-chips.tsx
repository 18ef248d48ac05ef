'use client';

import { useState } from 'react';
import type { NamedId } from '@/lib/explorer/types';

interface Props {
  label: string;
  options: NamedId[];
  /** Selected public ids; a leading `!` marks an exclusion. */
  value: string[];
  onChange: (value: string[]) => void;
}

const LIMIT = 14;

/** Each chip cycles: not used, included, excluded. */
export function TriStateChips({ label, options, value, onChange }: Props) {
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const stateOf = (id: string) => (value.includes(id) ? 'include' : value.includes(`!${id}`) ? 'exclude' : 'off');
  const cycle = (id: string) => {
    const rest = value.filter((v) => v !== id && v !== `!${id}`);
    const s = stateOf(id);
    onChange(s === 'off' ? [...rest, id] : s === 'include' ? [...rest, `!${id}`] : rest);
  };
  const q = query.trim().toLowerCase();
  const matching = options.filter((o) => !q || o.name.toLowerCase().includes(q));
  const chosen = matching.filter((o) => stateOf(o.public_id) !== 'off');
  const others = matching.filter((o) => stateOf(o.public_id) === 'off');
  const visible = showAll || q ? [...chosen, ...others] : [...chosen, ...others.slice(0, Math.max(0, LIMIT - chosen.length))];

  return (
    <fieldset className="mt-3">
      <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</legend>
      <p className="sr-only">Press a chip once to include it, twice to exclude it, a third time to clear it.</p>
      {options.length > LIMIT && (
        <input
          type="search"
          aria-label={`Find ${label.toLowerCase()}`}
          placeholder={`Find ${label.toLowerCase()}…`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
      )}
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {visible.map((o) => {
          const s = stateOf(o.public_id);
          return (
            <button
              key={o.public_id}
              type="button"
              data-filter-id={o.public_id}
              data-state={s}
              aria-label={`${o.name}: ${s === 'off' ? 'not used' : s === 'include' ? 'included' : 'excluded'}`}
              onClick={() => cycle(o.public_id)}
              className={`rounded-full border px-2.5 py-1 text-xs transition-colors ${
                s === 'include'
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : s === 'exclude'
                    ? 'border-red-300 bg-red-50 text-red-800 line-through'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
              }`}
            >
              {s === 'include' ? '✓ ' : s === 'exclude' ? '✕ ' : ''}
              {o.name}
            </button>
          );
        })}
        {!q && others.length + chosen.length > LIMIT && (
          <button type="button" onClick={() => setShowAll((v) => !v)} className="px-1 text-xs font-medium text-brand-700 underline">
            {showAll ? 'Show fewer' : `Show all ${options.length}`}
          </button>
        )}
      </div>
    </fieldset>
  );
}
