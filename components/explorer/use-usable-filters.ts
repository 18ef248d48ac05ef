'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import type { PlaceLists } from '@/lib/explorer/types';
import { usableFilters } from '@/lib/explorer/usable-filters';
import type { ExplorerState } from '@/lib/explorer/url-state';
import type { UpdateExplorer } from './use-explorer-url';

export interface DroppedNotice {
  /** "Museums (tag)", as the person last saw them named. */
  names: string[];
  dismiss: () => void;
}

/**
 * The state with only the filters the current account can use. Filters it cannot use (another organization's tag,
 * RV filters without RV data) leave the URL at once and are named in a notice until the person dismisses it.
 */
export function useUsableFilters(state: ExplorerState, lists: PlaceLists | undefined, update: UpdateExplorer) {
  const usable = useMemo(() => usableFilters(state, lists), [state, lists]);
  const [dropped, setDropped] = useState<string[]>([]);
  // Names from the lists seen before: the new account's lists no longer name what it lacks.
  const names = useRef(new Map<string, string>());

  useEffect(() => {
    if (usable.dropped.length === 0) return;
    setDropped(usable.dropped.map((d) => `${names.current.get(d.id) ?? d.id} (${d.group})`));
    const { tags, chains, rv } = usable.state;
    update({ tags, chains, rv, page: 1 }, { replace: true });
  }, [usable, update]);

  useEffect(() => {
    for (const item of [...(lists?.tags ?? []), ...(lists?.chains ?? [])]) names.current.set(item.public_id, item.name);
  }, [lists]);

  const notice: DroppedNotice | null = dropped.length ? { names: dropped, dismiss: () => setDropped([]) } : null;
  return { state: usable.state, notice };
}
