'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo } from 'react';
import { useUnits } from '@/components/units/units-context';
import { parseExplorerState, serializeExplorerState, type ExplorerState } from '@/lib/explorer/url-state';
import { isLeavingPage, watchLeavingPage } from './leaving-page';

export type UpdateExplorer = (patch: Partial<ExplorerState>, options?: { replace?: boolean }) => void;

/**
 * The Explorer's state lives in the URL: reading parses it, updating pushes (or replaces) a history entry. The units
 * are the person's own (units-context.tsx) unless the URL names others; choosing units here makes them their own, on
 * every page, so the URL then leaves them out.
 */
export function useExplorerUrl(): [ExplorerState, UpdateExplorer] {
  const params = useSearchParams();
  const query = params.toString();
  const { units: ownUnits, setUnits: keepUnits } = useUnits();
  const state = useMemo(() => parseExplorerState(new URLSearchParams(query), ownUnits), [query, ownUnits]);
  useEffect(() => watchLeavingPage(), []);
  const update = useCallback<UpdateExplorer>(
    (patch, options) => {
      // The page is on its way out: writing the URL now would cancel that navigation (see leaving-page.ts).
      if (isLeavingPage()) return;
      // Read the live URL rather than a render's copy, so quick successive updates do not undo each other.
      const current = parseExplorerState(new URLSearchParams(window.location.search), ownUnits);
      if (patch.units) keepUnits(patch.units);
      const next = serializeExplorerState({ ...current, ...patch }, patch.units ?? ownUnits).toString();
      if (next === window.location.search.replace(/^\?/, '')) return;
      const url = next ? `?${next}` : window.location.pathname;
      if (options?.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    },
    [ownUnits, keepUnits],
  );
  return [state, update];
}
