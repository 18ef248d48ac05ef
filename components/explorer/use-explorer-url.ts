'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo } from 'react';
import { parseExplorerState, serializeExplorerState, type ExplorerState } from '@/lib/explorer/url-state';
import { isLeavingPage, watchLeavingPage } from './leaving-page';

export type UpdateExplorer = (patch: Partial<ExplorerState>, options?: { replace?: boolean }) => void;

/** The Explorer's state lives in the URL: reading parses it, updating pushes (or replaces) a history entry. */
export function useExplorerUrl(): [ExplorerState, UpdateExplorer] {
  const params = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => parseExplorerState(new URLSearchParams(query)), [query]);
  useEffect(() => watchLeavingPage(), []);
  const update = useCallback<UpdateExplorer>((patch, options) => {
    // The page is on its way out: writing the URL now would cancel that navigation (see leaving-page.ts).
    if (isLeavingPage()) return;
    // Read the live URL rather than a render's copy, so quick successive updates do not undo each other.
    const current = parseExplorerState(new URLSearchParams(window.location.search));
    const next = serializeExplorerState({ ...current, ...patch }).toString();
    if (next === window.location.search.replace(/^\?/, '')) return;
    const url = next ? `?${next}` : window.location.pathname;
    if (options?.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
  }, []);
  return [state, update];
}
