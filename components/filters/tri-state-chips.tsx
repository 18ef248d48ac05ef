'use client';

import { useState } from 'react';
import { chipState, pressChip, visibleChips, type ChipState } from '@/lib/explorer/chip-order';
import type { NamedId } from '@/lib/explorer/types';
import { ChipIcon } from './chip-icon';

interface Props {
  label: string;
  options: NamedId[];
  /** Selected public ids; a leading `!` marks an exclusion. */
  value: string[];
  onChange: (value: string[]) => void;
}

const LIMIT = 14;

const STATE_WORDS: Record<ChipState, string> = { off: 'not used', include: 'included', exclude: 'excluded' };

const STATE_STYLES: Record<ChipState, string> = {
  include: 'border-brand-600 bg-brand-600 text-white',
  exclude: 'border-red-400 bg-red-50 text-red-800 [&>span]:line-through',
  off: 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
};

/** Each chip cycles: not used, included, excluded. Chips stay where they are when pressed. */
export function TriStateChips({ label, options, value, onChange }: Props) {
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  // Chips pressed while the whole list was open stay on screen when it is collapsed again.
  const [pressed, setPressed] = useState<ReadonlySet<string>>(() => new Set());
  const press = (id: string) => {
    setPressed((p) => new Set(p).add(id));
    onChange(pressChip(value, id));
  };
  const q = query.trim().toLowerCase();
  const inUse = new Set([...pressed, ...value.map((v) => v.replace(/^!/, ''))]);
  const visible = q ? options.filter((o) => o.name.toLowerCase().includes(q)) : visibleChips(options, showAll ? options.length : LIMIT, inUse);

  return (
    <fieldset className="mt-3">
      <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</legend>
      {options.length > LIMIT && (
        <input
          type="search"
          aria-label={`Find ${label.toLowerCase()}`}
          placeholder={`Find ${label.toLowerCase()}…`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mt-1.5 w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
      )}
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {visible.map((o) => {
          const s = chipState(value, o.public_id);
          return (
            <button
              key={o.public_id}
              type="button"
              data-filter-id={o.public_id}
              data-state={s}
              aria-label={`${o.name}: ${STATE_WORDS[s]}`}
              onClick={() => press(o.public_id)}
              className={`inline-flex items-center gap-1 rounded-full border py-1 pr-2.5 pl-2 text-xs transition-colors ${STATE_STYLES[s]}`}
            >
              <ChipIcon state={s} />
              <span>{o.name}</span>
            </button>
          );
        })}
        {!q && options.length > LIMIT && (
          <button type="button" onClick={() => setShowAll((v) => !v)} className="px-1 text-xs font-medium text-brand-700 underline">
            {showAll ? 'Show fewer' : `Show all ${options.length}`}
          </button>
        )}
      </div>
    </fieldset>
  );
}
