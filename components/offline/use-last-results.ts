'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deviceStorageAvailable } from '@/lib/offline/device-db';
import { rememberLastResults, restoreLastResults } from '@/lib/offline/last-results';
import { useOnline } from './use-online';

interface Shown {
  account: string;
  /** The search's request query (its react-query key), once its answer is on the page; null before. */
  searchQuery: string | null;
}

/**
 * The Explorer with no connection: it keeps the results it last showed on the device, and a page opened offline
 * starts from them (at the place and filters that showed them) instead of an empty list. Answers when they were
 * loaded, while offline.
 */
export function useLastResults({ account, searchQuery }: Shown): { online: boolean; shownAt: string | null } {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [shownAt, setShownAt] = useState<string | null>(null);

  useEffect(() => {
    if (!online || searchQuery === null || !deviceStorageAvailable()) return;
    void rememberLastResults(queryClient, account, searchQuery, window.location.search).catch(() => {});
  }, [online, account, searchQuery, queryClient]);

  useEffect(() => {
    if (navigator.onLine || !deviceStorageAvailable()) return;
    let live = true;
    restoreLastResults(queryClient).then(
      (last) => {
        if (!live || !last) return;
        if (last.search !== window.location.search) window.history.replaceState(null, '', last.search || window.location.pathname);
        setShownAt(last.at);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [queryClient]);

  return { online, shownAt };
}
