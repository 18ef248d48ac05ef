'use client';

import { LocalTime } from '@/components/ui/local-time';
import { formatBytes } from '@/lib/offline/format';
import { KEPT_ZOOMS, type KeptMapPlan } from '@/lib/offline/kept-map';
import type { TripView } from '@/lib/trips/view';
import { InstallApp } from './install-app';
import type { DeviceTrip } from './use-device-trip';
import { useKeptMapPlan } from './use-kept-map-plan';

const button =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-500';

/** "Keep offline": the trip on this device, its size and date, with Update and Remove; and how to install the app. */
export function KeepOfflinePanel({ device, view, online, styleUrl }: { device: DeviceTrip; view: TripView; online: boolean; styleUrl: string | null }) {
  const map = useKeptMapPlan(styleUrl, view.legs, device.enabled && online);
  if (!device.enabled) return null;
  const { kept, state } = device;
  const keeping = state.kind === 'keeping';
  const keep = () => void device.keep(view, map);
  return (
    <section aria-labelledby="keep-offline-title" className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="keep-offline">
      <h2 id="keep-offline-title" className="font-semibold text-ink">
        Offline
      </h2>
      {kept ? (
        <p className="mt-1 text-slate-700" data-testid="kept-status">
          Kept on this device: {formatBytes(kept.bytes)}, <LocalTime iso={kept.keptAt} />.
        </p>
      ) : (
        <p className="mt-1 text-slate-700">Keep this trip, its places and its map on this device, to open it with no connection.</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {kept ? (
          <>
            <button type="button" className={button} disabled={!online || keeping} onClick={keep}>
              {keeping ? 'Updating…' : 'Update'}
            </button>
            <button type="button" className={button} disabled={keeping || device.pending > 0} onClick={() => void device.remove()}>
              Remove
            </button>
          </>
        ) : (
          <button type="button" className={button} disabled={!online || keeping} onClick={keep}>
            {keeping ? 'Keeping…' : 'Keep offline'}
          </button>
        )}
      </div>
      {map ? <KeptMapNote plan={map.plan} /> : null}
      {!online && !kept ? <p className="mt-2 text-slate-600">Keeping a trip needs a connection.</p> : null}
      {kept && device.pending > 0 ? <p className="mt-2 text-slate-600">It can be removed once the edits made offline are sent.</p> : null}
      {state.kind === 'failed' ? (
        <p role="alert" className="mt-2 text-red-700">
          {state.message}
        </p>
      ) : null}
      <InstallApp />
    </section>
  );
}

/** What keeping takes of the map, said before it is fetched, with the limit and what the limit cut. */
function KeptMapNote({ plan }: { plan: KeptMapPlan }) {
  return (
    <p className="mt-2 text-slate-600" data-testid="kept-map-plan">
      The map along the route: about {formatBytes(plan.estimatedBytes)} ({plan.tileUrls.length.toLocaleString('en-US')} tiles, at most{' '}
      {formatBytes(plan.limitBytes)} a trip){plan.cutByLimit ? `; zooms ${KEPT_ZOOMS.min} to ${plan.maxZoom}, the closest left out to stay within it` : ''}.
    </p>
  );
}
