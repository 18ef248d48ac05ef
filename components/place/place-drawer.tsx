'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Units } from '@/lib/explorer/geo';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import { placeQuery } from '@/lib/explorer/queries/place-query';
import { ErrorMessage } from '@/components/ui/error-message';
import { AddToTrip } from '@/components/trips/add-to-trip';
import { PlaceDetails } from './place-details';

interface Props {
  id: number;
  account: PlacesAccount;
  units: Units;
  onClose: () => void;
  onFit: (bounds: [[number, number], [number, number]]) => void;
  /** What the drawer's foot offers: "Add to trip" unless the page has its own action for the place. */
  footer?: ReactNode;
  /** Where it sits: over its map (the Explorer), or over the whole screen on a phone (the trip page, whose map is short). */
  placement?: 'map' | 'screen';
  /** The id of what takes the keyboard when the drawer closes and nothing on the page opened it (a link's `place=`). */
  returnFocusTo?: string;
}

const PLACEMENT = {
  map: 'absolute inset-x-0 bottom-0 h-[66%]',
  screen: 'fixed inset-x-0 bottom-0 h-[72dvh] md:absolute',
};

export function PlaceDrawer({ id, account, units, onClose, onFit, footer, placement = 'map', returnFocusTo }: Props) {
  const query = useQuery(placeQuery(id, account));
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    // Closing the drawer puts the keyboard back where it was (the result that opened it), else where the page says.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
      else if (returnFocusTo) document.getElementById(returnFocusTo)?.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- where the drawer was opened from is read once, at its opening
  }, []);

  useEffect(() => {
    panel.current?.focus();
  }, [id]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <aside
      ref={panel}
      tabIndex={-1}
      aria-label="Place details"
      data-testid="place-drawer"
      className={`${PLACEMENT[placement]} z-40 flex flex-col rounded-t-2xl bg-white shadow-[0_-8px_32px_rgba(0,0,0,0.25)] outline-none md:inset-x-auto md:top-3 md:right-3 md:bottom-3 md:h-auto md:w-[440px] md:rounded-2xl md:shadow-2xl`}
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Close place details"
        className="absolute top-3 right-3 z-10 flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-xl text-slate-700 shadow ring-1 ring-black/5 hover:bg-slate-100"
      >
        ×
      </button>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {query.data ? (
          <PlaceDetails place={query.data} units={units} onFit={onFit} />
        ) : query.isError ? (
          <ErrorMessage error={query.error} onRetry={() => query.refetch()} className="m-4 mt-14" />
        ) : query.fetchStatus === 'paused' ? (
          <p role="status" className="m-4 mt-14 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="place-needs-connection">
            You are offline, and this place’s details are not on this device. They load when you are back online.
          </p>
        ) : (
          <div className="space-y-3 p-5 pt-14" aria-label="Loading place" role="status">
            <div className="h-6 w-2/3 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
            <div className="h-40 animate-pulse rounded bg-slate-100" />
          </div>
        )}
      </div>
      {query.data ? (footer ?? <AddToTrip placeId={id} />) : null}
    </aside>
  );
}
