'use client';

import { useCallback } from 'react';
import type { Box, Circle, Units } from '@/lib/explorer/geo';
import type { SortOrder } from '@/lib/explorer/url-state';
import type { UpdateExplorer } from './use-explorer-url';

/** Stable handlers, so the memoized result cards and panels skip renders the map's moves and hovers cause. */
export function useExplorerActions(update: UpdateExplorer) {
  const onAreaChange = useCallback((circle: Circle | null, box: Box | null) => update({ circle, box, page: 1 }), [update]);
  const selectPlace = useCallback((id: number) => update({ place: id }), [update]);
  const closePlace = useCallback(() => update({ place: null }), [update]);
  const setUnits = useCallback((units: Units) => update({ units }), [update]);
  const clearBox = useCallback(() => update({ box: null, page: 1 }), [update]);
  const turnPage = useCallback((page: number) => update({ page }), [update]);
  const setSort = useCallback((sort: SortOrder) => update({ sort, page: 1 }), [update]);
  return { onAreaChange, selectPlace, closePlace, setUnits, clearBox, turnPage, setSort };
}
