'use client';

import { memo, useState } from 'react';
import type { UpdateExplorer } from '@/components/explorer/use-explorer-url';
import type { PlaceLists } from '@/lib/explorer/types';
import { MAX_NAME_CHARS } from '@/lib/places/contract/limits';
import { EMPTY_RV, type ExplorerState } from '@/lib/explorer/url-state';
import { FidelityRange } from './fidelity-range';
import { FilterChoices } from './filter-choices';
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
  const [openHere, setOpenHere] = useState(count > 0);
  const open = shownByPage ?? openHere;
  const setOpen = onOpenChange ?? setOpenHere;

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
          maxLength={MAX_NAME_CHARS}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. lake, diner"
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm font-normal tracking-normal normal-case"
        />
      </label>
      <FidelityRange value={state} onChange={set} />
      <FilterChoices state={state} lists={lists} listsError={listsError} set={set} />
    </details>
  );
});
