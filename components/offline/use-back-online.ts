'use client';

import { useEffect } from 'react';
import { queuedEditCount } from '@/lib/offline/outbox';

const QUEUE_POLL_MS = 1000;

/**
 * The service worker's offline page stands in for the page asked for (a kept trip, My trips) with an "Offline"
 * header and no account menu. When the connection returns it gives way to the real page at once, or, while edits made
 * offline wait to be sent from it (or a conflict waits for the traveler's choice), as soon as none is left: a reload
 * before would send them twice.
 */
export function useBackOnline() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = async () => {
      clearTimeout(timer);
      if (!navigator.onLine) return;
      if ((await queuedEditCount().catch(() => 0)) === 0) return window.location.reload();
      timer = setTimeout(() => void settle(), QUEUE_POLL_MS);
    };
    const online = () => void settle();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer);
    };
  }, []);
}
