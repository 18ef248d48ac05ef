import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { tripRequest } from '@/lib/trips/client-api';
import type { TripView } from '@/lib/trips/view';
import { tellMyTripsOfDeletion } from './deleted-trip-notice';

/** The trip's files to download (GPX, GeoJSON, a calendar) and, for its owner, Delete. */
export function TripActions({ view }: { view: TripView }) {
  const router = useRouter();
  const id = encodeURIComponent(view.trip.id);

  const [failed, setFailed] = useState<string | null>(null);

  const remove = async () => {
    if (!window.confirm(`Delete “${view.trip.name}”? This cannot be undone.`)) return;
    setFailed(null);
    try {
      await tripRequest(`/api/trips/${id}`, 'DELETE');
    } catch (err) {
      setFailed(`“${view.trip.name}” was not deleted: ${(err as Error).message}`);
      return;
    }
    tellMyTripsOfDeletion(view.trip.name);
    // Replaced, not pushed: Back then skips the deleted trip instead of landing on its 404.
    router.replace('/trips');
    router.refresh();
  };

  return (
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
          <a
            href={`/api/trips/${id}/ics`}
            download
            data-testid="export-ics"
            title="The stops with an arrival date, as all-day events"
            className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100"
          >
            Export calendar (.ics)
          </a>
        </>
      ) : null}
      {view.access.owner ? (
        <button type="button" onClick={() => void remove()} className="rounded-md px-3 py-1.5 font-medium text-red-700 hover:bg-red-50">
          Delete trip
        </button>
      ) : null}
      {failed ? (
        <p role="alert" className="basis-full text-red-700">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
