'use client';

import type { SessionOrganization } from '@/lib/auth/types';
import { useMemo } from 'react';
import { routeLine } from '@/lib/trips/route-line';
import type { TripView } from '@/lib/trips/view';
import { AddStopByName } from './add-stop-by-name';
import { AddStopForm } from './add-stop-form';
import { AlongTripSearch } from './along-trip-search';
import { LazyTripMap } from './lazy-trip-map';
import { OvernightPlanner } from './overnight-planner';
import { ConflictAlert, SaveErrorAlert } from './save-alerts';
import { SharePanel } from './share-panel';
import { StopList } from './stop-list';
import { TripActions } from './trip-actions';
import { tripEdits } from './trip-edits';
import { TripName } from './trip-name';
import { TripPlaceDrawer } from './trip-place-drawer';
import { TripTotals } from './trip-totals';
import { useTripMapState } from './use-trip-map-state';
import { useUnsavedWarning } from '@/components/ui/use-unsaved-warning';
import { VehiclePanel } from './vehicle-panel';
import { KeepOfflinePanel } from '@/components/offline/keep-offline-panel';
import { NeedsConnection } from '@/components/offline/needs-connection';
import { OfflineAlongResults } from '@/components/offline/offline-along-results';
import { OfflineBanner } from '@/components/offline/offline-banner';
import { SyncAlert } from '@/components/offline/sync-alert';
import { conflictingStops } from '@/lib/trips/conflicting-stops';
import { useOfflineEditor } from '@/components/offline/use-offline-editor';

interface Props {
  initial: TripView;
  styleUrl: string | null;
  /** The app's public URL, for the share link. */
  appUrl: string;
  /** The owner's organizations, to share with (empty for others). */
  organizations: SessionOrganization[];
  /** Opened through a share link: read-only, no account needed. */
  sharedView?: boolean;
  /** Who may keep this trip on the device (`deviceOwnerKey`); absent on a shared view. */
  deviceOwner?: string;
}

/** A trip: its stops in order beside the map, each change saved on the server. */
export function TripPlanner({ initial, styleUrl, appUrl, organizations, sharedView = false, deviceOwner }: Props) {
  const { device, editor, sync } = useOfflineEditor(initial, sharedView ? null : (deviceOwner ?? null));
  const { view } = editor;
  const { online } = sync;
  useUnsavedWarning(editor.saving);
  const editable = view.access.edit && !sharedView;
  const { picked, setPicked, found, showFound, overnights, setOvernights, openPlace, setOpenPlace, closePlace, fit, setFit } = useTripMapState();
  const edits = tripEdits(editor.save);
  // Overnights and places along the route need a route: two stops at least. Anyone who sees the trip (a shared link
  // too) may plan them and search along it; making a place a stop is for those who may edit it.
  const routed = view.trip.stops.length > 1;
  const addAlong = editable ? edits.addAlong : undefined;
  const line = useMemo(() => routeLine(view.trip.stops, view.legs), [view.trip.stops, view.legs]);
  const conflicts = useMemo(() => (sync.sync.kind === 'conflict' ? conflictingStops(sync.sync.mine.trip.stops, sync.sync.theirs.trip.stops) : undefined), [sync.sync]);

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
            {view.sharedBy ? `Shared with you by ${view.sharedBy}: read-only.` : 'A trip shared with you: read-only.'}
          </p>
        ) : null}
        <OfflineBanner online={online} kept={device.kept} pending={device.pending} sending={sync.sync.kind === 'sending'} />
        <TripName name={view.trip.name} editable={editable} onRename={edits.rename} />
        <SyncAlert sync={sync.sync} keepMine={sync.keepMine} keepTheirs={sync.keepTheirs} skip={sync.skip} />
        <TripTotals view={view} saving={editor.saving} />
        {editor.conflict ? <ConflictAlert onDismiss={editor.dismissConflict} /> : null}
        {editor.error ? <SaveErrorAlert error={editor.error} onDismiss={editor.dismissError} /> : null}
        {view.router.kind === 'road' ? <VehiclePanel view={view} editable={editable} onChange={edits.vehicle} /> : null}
        {!sharedView ? online ? <TripActions view={view} /> : <NeedsConnection what="Exporting the trip’s files" /> : null}
        {!sharedView ? <KeepOfflinePanel device={device} view={view} online={online} styleUrl={styleUrl} /> : null}
        <StopList stops={view.trip.stops} legs={view.legs} editable={editable} onReorder={edits.reorder} onPlan={edits.plan} onRemove={edits.remove} onRestore={edits.restore} onOpen={setOpenPlace} conflicts={conflicts} />
        {editable && online ? <AddStopByName stops={view.trip.stops} onAdd={edits.addOnTheWay} /> : null}
        {editable ? <AddStopForm picked={picked} onClearPick={() => setPicked(null)} onAdd={edits.addPoint} /> : null}
        {editable && view.trip.stops.length === 1 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="one-stop-hint">
            Add a second stop to plan overnights and find places along the route.
          </p>
        ) : null}
        {routed ? <OvernightPlanner view={view} onPlanned={setOvernights} onAdd={editable ? edits.addOvernight : undefined} /> : null}
        {routed && online ? <AlongTripSearch stops={view.trip.stops} line={line} onResults={showFound} onOpen={setOpenPlace} onAdd={addAlong} /> : null}
        {routed && !online && !sharedView ? <OfflineAlongResults onOpen={setOpenPlace} onResults={showFound} /> : null}
        {view.access.owner && !sharedView ? (
          online ? <SharePanel view={view} appUrl={appUrl} organizations={organizations} onChange={editor.replace} /> : <NeedsConnection what="Sharing" />
        ) : null}
      </section>
      <div className="trip-map-frame relative order-1 h-[42vh] shrink-0 md:order-2 md:h-auto md:flex-1" data-drawer-open={openPlace !== null ? '' : undefined}>
        <LazyTripMap
          styleUrl={styleUrl}
          stops={view.trip.stops}
          legs={view.legs}
          picked={picked}
          found={routed ? found : []}
          overnights={routed ? overnights : []}
          onOpenPlace={setOpenPlace}
          fit={fit}
          onPick={editable ? (lon, lat) => setPicked([lon, lat]) : undefined}
        />
        <TripPlaceDrawer openPlace={openPlace} found={found} stops={view.trip.stops} line={line} onClose={closePlace} onFit={(bounds) => setFit({ bounds })} onAdd={addAlong} />
      </div>
    </div>
  );
}
