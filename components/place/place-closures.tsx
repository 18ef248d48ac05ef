import { formatDate, groupClosures, localDate, type ClosurePhase } from '@/lib/explorer/closures';
import type { Place } from '@/lib/explorer/types';

const TITLES: Record<ClosurePhase, string> = { current: 'Temporarily closed now', upcoming: 'Upcoming temporary closures', past: 'Past temporary closures' };
const TONES: Record<ClosurePhase, string> = { current: 'bg-red-50 text-red-900', upcoming: 'bg-amber-50 text-amber-900', past: 'bg-slate-50 text-slate-600' };

export function PlaceClosures({ place, now }: { place: Place; now: Date }) {
  const groups = groupClosures(place.temporary_closures, localDate(now, place.time_zone));
  const phases = (['current', 'upcoming', 'past'] as const).filter((p) => groups[p].length > 0);
  if (phases.length === 0) return <p className="text-sm text-slate-500">No temporary closures.</p>;
  return (
    <div className="space-y-2" data-testid="place-closures">
      {phases.map((phase) => (
        <div key={phase}>
          <h4 className="text-sm font-medium text-ink">{TITLES[phase]}</h4>
          <ul className="mt-1 space-y-1">
            {groups[phase].map((c) => (
              <li key={c.id} className={`rounded-md px-3 py-2 text-sm ${TONES[phase]}`}>
                <span className="font-medium">
                  {phase === 'current' ? `Until ${formatDate(c.end_date)}` : `${formatDate(c.start_date)} – ${formatDate(c.end_date)}`}
                </span>
                {c.reason && <span>: {c.reason}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
