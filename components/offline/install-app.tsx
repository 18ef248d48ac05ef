'use client';

import { useSyncExternalStore } from 'react';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { install, installOffer, subscribeToInstallOffer } from './install-prompt';

/** Safari on an iPhone or iPad (iPadOS says it is a Mac, with touch), where installing is Share → Add to Home Screen. */
function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isInstalled(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

type Way = 'installed' | 'apple' | 'other';

/**
 * How to have the app on the home screen: an Install button where the browser offers it, the Share menu's way on an
 * iPhone or iPad, nothing once installed or where neither applies.
 */
export function InstallApp() {
  const offer = useSyncExternalStore(subscribeToInstallOffer, installOffer, () => null);
  const way = useBrowserValue<Way>(() => (isInstalled() ? 'installed' : isAppleMobile() ? 'apple' : 'other'), 'other');
  if (way === 'installed') return null;
  if (offer) {
    return (
      <div className="mt-3 border-t border-slate-200 pt-3" data-testid="install-app">
        <p className="text-slate-700">Install Trip Explorer to open it from your home screen, with or without a connection.</p>
        <button
          type="button"
          onClick={() => void install()}
          className="mt-2 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Install Trip Explorer
        </button>
      </div>
    );
  }
  if (way === 'apple') {
    return (
      <p className="mt-3 border-t border-slate-200 pt-3 text-slate-700" data-testid="install-app">
        To open Trip Explorer from your home screen, tap Share <span aria-hidden="true">(the square with an arrow)</span>, then
        “Add to Home Screen”.
      </p>
    );
  }
  return null;
}
