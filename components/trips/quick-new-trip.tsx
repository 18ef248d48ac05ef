import { MAX_TRIP_NAME } from '@/lib/trips/limits';

interface Props {
  /** The panel's id, which the name field's is made from. */
  panelId: string;
  name: string;
  onName: (name: string) => void;
  busy: boolean;
  /** Starts a trip with the place, under the name typed. */
  onCreate: (name: string) => void;
}

/** Below my trips: a new trip's name, to start one with the place. */
export function QuickNewTrip({ panelId, name, onName, busy, onCreate }: Props) {
  return (
    <form
      className="mt-1 flex gap-2 border-t border-slate-100 pt-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onCreate(name.trim());
      }}
    >
      <label className="sr-only" htmlFor={`${panelId}-name`}>
        New trip name
      </label>
      <input
        id={`${panelId}-name`}
        value={name}
        maxLength={MAX_TRIP_NAME}
        placeholder="New trip name"
        onChange={(e) => onName(e.target.value)}
        className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-ink"
      />
      <button type="submit" disabled={busy || !name.trim()} className="shrink-0 whitespace-nowrap rounded-md border border-slate-300 px-2 py-1.5 font-medium text-ink hover:bg-slate-100 disabled:opacity-50">
        New trip
      </button>
    </form>
  );
}
