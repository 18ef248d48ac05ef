'use client';

import { arrayMove } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { accountQuery } from '@/lib/explorer/queries/account-query';
import type { PlaceListItem } from '@/lib/explorer/types';
import type { SessionOrganization } from '@/lib/auth/types';
import { tripRequest } from '@/lib/trips/client-api';
import type { TripView } from '@/lib/trips/view';
import { AddStopForm } from './add-stop-form';
import { AlongPlaceAction } from './along-place-action';
import { AlongTripSearch } from './along-trip-search';
import { LazyTripMap } from './lazy-trip-map';
import { OvernightPlanner, type OvernightPoint } from './overnight-planner';
import { SharePanel } from './share-panel';
import { StopList } from './stop-list';
import { TripName } from './trip-name';
import { TripTotals } from './trip-totals';
import { useTripEditor } from './use-trip-editor';
import { useUnsavedWarning } from './use-unsaved-warning';
import { planWithNextArrival } from '@/lib/trips/stay-dates';
import { withStopRestored } from '@/lib/trips/removal-undo';
import { toStopInputClient } from '@/lib/trips/stop-input';
import { useUnits } from '@/components/units/units-context';

const PlaceDrawer = dynamic(() => import('@/components/place/place-drawer').then((m) => m.PlaceDrawer));

interface Props {
  initial: TripView;
  styleUrl: string | null;
  /** The app's public URL, for the share link. */
  appUrl: string;
  /** The owner's organizations, to share with (empty for others). */
  organizations: SessionOrganization[];
  /** Opened through a share link: read-only, no account needed. */
  sharedView?: boolean;
}

/** A trip: its stops in order beside the map, each change saved on the server. */
export function TripPlanner({ initial, styleUrl, appUrl, organizations, sharedView = false }: Props) {
  const editor = useTripEditor(initial);
  const { units } = useUnits();
  const { view } = editor;
  useUnsavedWarning(editor.saving);
  const editable = view.access.edit && !sharedView;
  const [picked, setPicked] = useState<[number, number] | null>(null);
  const [found, setFound] = useState<PlaceListItem[]>([]);
  const showFound = useCallback((places: PlaceListItem[]) => setFound(places), []);
  const [overnights, setOvernights] = useState<OvernightPoint[]>([]);
  const [openPlace, setOpenPlace] = useState<number | null>(null);
  const closePlace = useCallback(() => setOpenPlace(null), []);
  const [fit, setFit] = useState<{ bounds: [[number, number], [number, number]] } | null>(null);
  const account = useQuery(accountQuery()).data;
  const router = useRouter();
  const id = encodeURIComponent(view.trip.id);

  const remove = async () => {
    if (!window.confirm(`Delete “${view.trip.name}”? This cannot be undone.`)) return;
    await tripRequest(`/api/trips/${id}`, 'DELETE');
    // Replaced, not pushed: Back then skips the deleted trip instead of landing on its 404.
    router.replace('/trips');
    router.refresh();
  };

  const addAlong = (placeId: number, at: number) =>
    editor.save((stops) => ({ stops: [...stops.slice(0, at), { kind: 'place', placeId }, ...stops.slice(at)] }));
  const opened = openPlace === null ? undefined : found.find((p) => p.id === openPlace);

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto md:flex-row md:overflow-hidden">
      {/* The plan comes first in the document, so the keyboard and screen readers reach it before the map's controls;
          on a phone the map shows above it. */}
      <section
        aria-label="Trip plan"
        // Read-only, the panel may hold nothing focusable: the keyboard can still scroll it.
        tabIndex={sharedView ? 0 : undefined}
        className="order-2 flex flex-col gap-4 border-slate-200 bg-white p-4 md:order-1 md:w-[440px] md:shrink-0 md:overflow-y-auto md:border-r"
        data-testid="trip-panel"
      >
        {sharedView ? (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700" data-testid="shared-banner">
            A trip shared with you: read-only.
          </p>
        ) : null}
        <TripName name={view.trip.name} editable={editable} onRename={(name) => editor.save({ name })} />
        <TripTotals view={view} saving={editor.saving} />
        {editor.conflict ? (
          <div role="alert" data-testid="trip-conflict" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <div className="flex-1">
              <p className="font-semibold">This trip was changed elsewhere</p>
              <p>Your last change was not saved. The latest version is shown; make your change again if you still want it.</p>
            </div>
            <button type="button" onClick={editor.dismissConflict} className="rounded-md px-2 py-1 font-medium underline hover:bg-amber-100">
              Dismiss
            </button>
          </div>
        ) : null}
        {editor.error ? (
          <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="flex-1">Not saved: {editor.error}</p>
            <button type="button" onClick={editor.dismissError} className="rounded-md px-2 py-1 font-medium underline">
              Dismiss
            </button>
          </div>
        ) : null}
        {!sharedView ? (
          <div className="flex flex-wrap gap-2 text-sm">
            {/* A trip without stops has nothing to export. */}
            {view.trip.stops.length ? (
              <>
                <a href={`/api/trips/${id}/gpx`} download data-testid="export-gpx" className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100">
                  Export GPX
                </a>
                <a href={`/api/trips/${id}/geojson`} download className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100">
                  Export GeoJSON
                </a>
              </>
            ) : null}
            {view.access.owner ? (
              <button type="button" onClick={remove} className="rounded-md px-3 py-1.5 font-medium text-red-700 hover:bg-red-50">
                Delete trip
              </button>
            ) : null}
          </div>
        ) : null}
        <StopList
          stops={view.trip.stops}
          legs={view.legs}
          editable={editable}
          onReorder={(from, to) => editor.save((stops) => ({ stops: arrayMove(stops, from, to) }))}
          onPlan={(stopId, plan) => editor.save((stops) => ({ stops: planWithNextArrival(stops, stopId, plan) }))}
          onRemove={(stopId) => editor.save((stops) => ({ stops: stops.filter((s) => s.id !== stopId) }))}
          onRestore={(stop, at) => editor.save((stops) => ({ stops: withStopRestored(stops, toStopInputClient(stop), at) }))}
        />
        {editable ? (
          <AddStopForm
            picked={picked}
            onClearPick={() => setPicked(null)}
            onAdd={(stop) => editor.save((stops) => ({ stops: [...stops, { kind: 'custom', ...stop }] }))}
          />
        ) : null}
        {editable && view.trip.stops.length === 1 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="one-stop-hint">
            Add a second stop to plan overnights and find places along the route.
          </p>
        ) : null}
        {editable && view.trip.stops.length > 1 ? (
          <OvernightPlanner
            view={view}
            onPlanned={setOvernights}
            onAdd={(placeId, at) => editor.save((stops) => ({ stops: [...stops.slice(0, at), { kind: 'place', placeId, nights: 1 }, ...stops.slice(at)] }))}
          />
        ) : null}
        {editable && view.trip.stops.length > 1 ? (
          <AlongTripSearch
            stops={view.trip.stops}
            onResults={showFound}
            onOpen={setOpenPlace}
            onAdd={addAlong}
          />
        ) : null}
        {view.access.owner && !sharedView ? <SharePanel view={view} appUrl={appUrl} organizations={organizations} onChange={editor.replace} /> : null}
      </section>
      <div className="relative order-1 h-[42vh] shrink-0 md:order-2 md:h-auto md:flex-1">
        <LazyTripMap
          styleUrl={styleUrl}
          stops={view.trip.stops}
          legs={view.legs}
          picked={picked}
          found={editable && view.trip.stops.length > 1 ? found : []}
          overnights={editable && view.trip.stops.length > 1 ? overnights : []}
          onOpenPlace={setOpenPlace}
          fit={fit}
          onPick={editable ? (lon, lat) => setPicked([lon, lat]) : undefined}
        />
        {openPlace !== null && account !== undefined ? (
          <PlaceDrawer
            id={openPlace}
            account={account}
            units={units}
            placement="screen"
            onClose={closePlace}
            onFit={(bounds) => setFit({ bounds })}
            footer={opened ? <AlongPlaceAction place={opened} stops={view.trip.stops} onAdd={addAlong} variant="drawer" /> : undefined}
          />
        ) : null}
      </div>
    </div>
  );
}
