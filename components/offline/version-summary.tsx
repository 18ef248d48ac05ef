import type { TripView } from '@/lib/trips/view';

/** One version of a trip, as the traveler compares two: its name and its stops with their plans. */
export function VersionSummary({ title, view, testId }: { title: string; view: TripView; testId: string }) {
  return (
    <div className="min-w-0 flex-1 rounded-lg bg-white p-2 ring-1 ring-slate-200" data-testid={testId}>
      <h3 className="font-semibold text-ink">{title}</h3>
      <p className="text-slate-700">“{view.trip.name}”</p>
      <ol className="mt-1 list-decimal pl-5 text-slate-700">
        {view.trip.stops.map((s) => (
          <li key={s.id}>
            {s.name}
            {s.nights ? `, ${s.nights} night${s.nights === 1 ? '' : 's'}` : ''}
            {s.arrivalDate ? `, arrives ${s.arrivalDate}` : ''}
            {s.note ? <span className="block truncate text-slate-600">Note: {s.note}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
