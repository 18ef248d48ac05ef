import type { PlaceLists } from './types';
import { EMPTY_RV, type ExplorerState, type RvFilters } from './url-state';

export type FilterGroup = 'tag' | 'chain' | 'serviced make' | 'RV type' | 'RV service' | 'dealer amenities' | 'RV flag';

/** A filter the account cannot use, as it was in the URL (`!` already taken off an exclusion). */
export interface DroppedFilter {
  group: FilterGroup;
  id: string;
}

export interface UsableFilters {
  /** The state with only the filters the account can use: the same object when nothing was dropped. */
  state: ExplorerState;
  dropped: DroppedFilter[];
}

const RV_FLAGS: { key: 'rental' | 'association' | 'partner'; id: string }[] = [
  { key: 'rental', id: 'Rental RVs available' },
  { key: 'association', id: 'Trade association member' },
  { key: 'partner', id: 'Partner program dealer' },
];

/**
 * The filters of `state` that an account offering `lists` can use. Another organization's account may not know a
 * tag or a chain, or have no RV service data at all: the Place API refuses such a search (`unknown tag`), so those
 * filters are dropped and named. Until the lists are known, nothing is dropped.
 */
export function usableFilters(state: ExplorerState, lists: PlaceLists | undefined): UsableFilters {
  if (!lists) return { state, dropped: [] };
  const dropped: DroppedFilter[] = [];
  const keep = (values: string[], known: Set<string>, group: FilterGroup) =>
    values.filter((value) => {
      const id = value.replace(/^!/, '');
      if (known.has(id)) return true;
      if (!dropped.some((d) => d.group === group && d.id === id)) dropped.push({ group, id });
      return false;
    });

  const tags = keep(state.tags, new Set(lists.tags.map((t) => t.public_id)), 'tag');
  const chains = keep(state.chains, new Set(lists.chains.map((c) => c.public_id)), 'chain');
  let rv: RvFilters = state.rv;
  if (lists.rv) {
    rv = {
      ...state.rv,
      makes: keep(state.rv.makes, new Set(lists.rv.makes), 'serviced make'),
      rvTypes: keep(state.rv.rvTypes, new Set(lists.rv.rvTypes), 'RV type'),
      services: keep(state.rv.services, new Set(lists.rv.services), 'RV service'),
    };
  } else {
    keep(state.rv.makes, new Set(), 'serviced make');
    keep(state.rv.rvTypes, new Set(), 'RV type');
    keep(state.rv.services, new Set(), 'RV service');
    if (state.rv.amenities) dropped.push({ group: 'dealer amenities', id: state.rv.amenities });
    for (const { key, id } of RV_FLAGS) if (state.rv[key] !== null) dropped.push({ group: 'RV flag', id });
    rv = EMPTY_RV;
  }
  if (dropped.length === 0) return { state, dropped };
  return { state: { ...state, tags, chains, rv, page: 1 }, dropped };
}
