'use client';

import type { PlaceLists } from '@/lib/explorer/types';
import type { ExplorerState, RvFilters } from '@/lib/explorer/url-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { ChipLegend } from './chip-legend';
import { RvPanel } from './rv-panel';
import { TriStateChips } from './tri-state-chips';

interface Props {
  state: ExplorerState;
  lists: PlaceLists | undefined;
  listsError: Error | null;
  set: (patch: Partial<ExplorerState>) => void;
}

/** The filters the account's lists offer (tags, chains, RV service), once those lists have loaded. */
export function FilterChoices({ state, lists, listsError, set }: Props) {
  return (
    <>
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
    </>
  );
}
