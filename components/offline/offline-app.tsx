'use client';

import Link from 'next/link';
import { useBrowserValue } from '@/components/ui/use-browser-value';
import { KeptTripPage } from './kept-trip-page';
import { DeviceTrips } from './kept-trips-list';
import { useBackOnline } from './use-back-online';
import { useKeptTrips } from './use-kept-trips';

const TRIP_PATH = /^\/trips\/([^/]+)\/?$/;

/**
 * What the service worker answers for a page it cannot reach (`/offline`): the page asked for, from the device. A
 * kept trip opens whole; anything else lists the trips kept here.
 */
export function OfflineApp({ styleUrl, appUrl }: { styleUrl: string | null; appUrl: string }) {
  const path = useBrowserValue<string | null>(() => window.location.pathname, null);
  useBackOnline();
  const kept = useKeptTrips(null);
  if (path === null) return null;
  const trip = TRIP_PATH.exec(path);
  if (trip) return <KeptTripPage tripId={decodeURIComponent(trip[1])} styleUrl={styleUrl} appUrl={appUrl} />;
  const myTrips = /^\/trips\/?$/.test(path);
  return (
    <div className="flex-1 overflow-y-auto bg-brand-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-8" data-testid="offline-page">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{myTrips ? 'My trips' : 'You are offline'}</h1>
        <p className="mt-1 text-slate-700">
          {myTrips ? 'You are offline: here are the trips kept on this device. The others open when you are back online.' : 'This page needs a connection. The trips kept on this device open without one.'}{' '}
          <Link href="/" className="font-medium text-brand-700 underline">
            The map
          </Link>{' '}
          opens offline with the places it last showed, once it has been opened online on this device.
        </p>
        <h2 className="mt-6 text-lg font-semibold text-ink">Kept on this device</h2>
        <DeviceTrips trips={kept.trips} onRemove={(id) => void kept.remove(id)} emptyText="No trips are kept on this device. Open a trip while online and press “Keep offline”." />
      </div>
    </div>
  );
}
