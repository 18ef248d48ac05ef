'use client';

import { useEffect } from 'react';
// Listens for the browser's install offer from the first page on (components/offline/install-app.tsx shows it).
import './install-prompt';

/** How long the page may stay busy before the worker registers anyway. */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * Registers the service worker (public/sw.js, built by `serwist build`) once the page has loaded and gone idle, so
 * the first visit is not slower for it. Production builds only: `next dev` has no worker.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const register = () => {
      if (cancelled) return;
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
        // No worker (private mode, storage denied): the app works online as before.
      });
    };
    const whenIdle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(register, 1);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, []);
  return null;
}
