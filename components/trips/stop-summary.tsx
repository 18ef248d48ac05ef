import { formatDate } from '@/lib/explorer/closures';
import type { TripStop } from '@/lib/trips/model';
import { departureDate } from '@/lib/trips/stay-dates';

/** The stop's dates and nights, always shown (editing them is behind Plan): `Arrive Dec 1, 2026 · 3 nights · leave Dec 4`. */
function planSummary(stop: TripStop): string {
  const leaving = departureDate(stop);
  return [
    stop.arrivalDate ? `Arrive ${formatDate(stop.arrivalDate)}` : 'No arrival date',
    `${stop.nights} night${stop.nights === 1 ? '' : 's'}`,
    leaving && stop.nights ? `leave ${formatDate(leaving)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

interface Props {
  stop: TripStop;
  index: number;
  /** Where the place is (its town and region), once known. */
  locality: string;
  warning: string | null;
  /** The plan is being edited: its note shows in the field instead. */
  editing: boolean;
  /** Opens a place stop's details (hours, phone, closures, photos); absent for a point of the traveler's own. */
  onOpen?: () => void;
  /** Someone else's trip (a share link, a read-only member): a point is theirs, not "yours". */
  readOnly?: boolean;
}

/** A stop card's text: its name, where it is, its plan and note, and what the traveler should know about its dates. */
export function StopSummary({ stop, index, locality, warning, editing, onOpen, readOnly = false }: Props) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-medium text-ink" data-testid="trip-stop-name">
        <span className="sr-only">Stop {index + 1}: </span>
        {onOpen ? (
          <button
            type="button"
            onClick={onOpen}
            aria-haspopup="dialog"
            className="max-w-full truncate text-left text-brand-700 underline decoration-brand-700/40 underline-offset-2 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {stop.name}
          </button>
        ) : (
          stop.name
        )}
      </p>
      {/* Where it is: a place's town and region; a point of the traveler's own, its coordinates. */}
      <p className="truncate text-xs text-slate-600" data-testid="trip-stop-where">
        {stop.kind === 'place' ? locality || 'Place' : `${readOnly ? 'A point' : 'Your point'} · ${stop.lat.toFixed(4)}, ${stop.lon.toFixed(4)}`}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="trip-stop-plan">
        {planSummary(stop)}
      </p>
      {stop.note && !editing ? <p className="mt-1 text-sm whitespace-pre-line text-slate-600 italic">{stop.note}</p> : null}
      {warning ? (
        <p role="note" data-testid="closure-warning" className="mt-2 flex items-start gap-1.5 rounded-md bg-red-50 px-2 py-1 text-sm text-red-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
          </svg>
          <span>{warning}</span>
        </p>
      ) : null}
    </div>
  );
}
