import Link from 'next/link';
import type { ListedTrip } from '@/lib/trips/trip-sections';

const updated = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** One trip on My trips: name, stops, last change, and whom the owner shared it with. */
export function TripCard({ trip, sharedWith }: { trip: ListedTrip; sharedWith: string | null }) {
  return (
    <Link
      href={`/trips/${encodeURIComponent(trip.id)}`}
      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow"
    >
      <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="6" cy="18" r="2.5" />
          <circle cx="18" cy="6" r="2.5" />
          <path d="M8.5 18H15a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h6.5" />
        </svg>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink">{trip.name}</span>
        <span className="block text-sm text-slate-600">
          {trip.stopCount} stop{trip.stopCount === 1 ? '' : 's'} · changed {updated(trip.updatedAt)}
        </span>
      </span>
      {sharedWith ? <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900">Shared with {sharedWith}</span> : null}
    </Link>
  );
}
