'use client';

import { memo, useId, useState } from 'react';
import type { UpdateExplorer } from '@/components/explorer/use-explorer-url';
import type { PlaceLists } from '@/lib/explorer/types';
import { EMPTY_RV, type ExplorerState, type RvFilters } from '@/lib/explorer/url-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { ChipLegend } from './chip-legend';
import { RvPanel } from './rv-panel';
import { TriStateChips } from './tri-state-chips';
import { useDebouncedField } from './use-debounced-field';

interface Props {
  state: ExplorerState;
  lists: PlaceLists | undefined;
  listsError: Error | null;
  update: UpdateExplorer;
  /** The box's own frame: the Explorer's sidebar rule by default. */
  className?: string;
  /** Whether the chips show, when the page decides (the trip's search folds them once it runs); else the box does. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

function activeCount(s: ExplorerState): number {
  const rv = s.rv;
  return (
    s.tags.length + s.chains.length + (s.name ? 1 : 0) + (s.minFidelity ? 1 : 0) + (s.maxFidelity ? 1 : 0) +
    rv.makes.length + rv.rvTypes.length + rv.services.length + (rv.amenities ? 1 : 0) +
    [rv.rental, rv.association, rv.partner].filter((v) => v !== null).length
  );
}

const select = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm';

export const FilterPanel = memo(function FilterPanel({
  state,
  lists,
  listsError,
  update,
  className = 'border-b border-slate-200 px-4 py-3',
  open: shownByPage,
  onOpenChange,
}: Props) {
  const set = (patch: Partial<ExplorerState>) => update({ ...patch, page: 1 });
  const [name, setName] = useDebouncedField(state.name, (v) => set({ name: v }));
  const count = activeCount(state);
  const fidelityHint = useId();
  const [openHere, setOpenHere] = useState(count > 0);
  const open = shownByPage ?? openHere;
  const setOpen = onOpenChange ?? setOpenHere;
  const fidelity = (key: 'minFidelity' | 'maxFidelity') => (
    <select
      aria-label={key === 'minFidelity' ? 'Lowest fidelity' : 'Highest fidelity'}
      aria-describedby={fidelityHint}
      value={state[key] ?? ''}
      onChange={(e) => set({ [key]: e.target.value ? Number(e.target.value) : null })}
      className={select}
    >
      <option value="">any</option>
      {[1, 2, 3, 4, 5].map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );

  return (
    <details className={`relative ${className}`} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="w-fit cursor-pointer rounded text-sm font-semibold text-ink">
        Filters
        {count > 0 && <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">{count} on</span>}
      </summary>
      {count > 0 && (
        <button
          type="button"
          onClick={() => set({ tags: [], chains: [], name: '', minFidelity: null, maxFidelity: null, rv: EMPTY_RV })}
          // On the summary's line, so turning a first filter on does not push the chips down under the pointer.
          className="absolute top-3 right-4 text-xs leading-5 font-medium text-brand-700 underline"
        >
          Reset all filters
        </button>
      )}
      <label className="mt-3 block text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Name
        <input
          type="search"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. lake, diner"
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal tracking-normal normal-case"
        />
      </label>
      <div className="mt-3 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Fidelity</span>
          {fidelity('minFidelity')}
          <span aria-hidden="true">to</span>
          {fidelity('maxFidelity')}
        </div>
        <p id={fidelityHint} className="mt-1 text-xs text-slate-500">
          How complete and checked a place’s record is, from 1 to 5.
        </p>
      </div>
      {listsError && <ErrorMessage error={listsError} title="The filter choices could not be loaded" className="mt-3" />}
      {!lists && !listsError && <div className="mt-3 h-16 animate-pulse rounded bg-slate-100" aria-label="Loading filter choices" />}
      {lists && (
        <>
          <div className="mt-3">
            <ChipLegend />
          </div>
          <TriStateChips label="Tags" options={lists.tags} value={state.tags} onChange={(tags) => set({ tags })} />
          {lists.chains.length > 0 && <TriStateChips label="Chains" options={lists.chains} value={state.chains} onChange={(chains) => set({ chains })} />}
          {lists.rv && <RvPanel lists={lists.rv} value={state.rv} onChange={(patch: Partial<RvFilters>) => set({ rv: { ...state.rv, ...patch } })} />}
        </>
      )}
    </details>
  );
});
