import { useId } from 'react';
import type { Units } from '@/lib/explorer/geo';
import { CORRIDOR } from '@/lib/trips/corridor';

interface Props {
  /** The width as typed. */
  width: string;
  units: Units;
  valid: boolean;
  onWidth: (width: string) => void;
  onSearch: () => void;
}

/** How far from the route to look, the button that searches, and the range when the width is out of it. */
export function CorridorForm({ width, units, valid, onWidth, onSearch }: Props) {
  const rangeId = useId();
  return (
    <>
      <form
        className="mt-2 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          onSearch();
        }}
      >
        <label className="flex flex-col gap-1 text-slate-700">
          Within ({units} of the route)
          <input
            type="number"
            min={CORRIDOR[units].min}
            max={CORRIDOR[units].max}
            step={1}
            value={width}
            onChange={(e) => onWidth(e.target.value)}
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : rangeId}
            className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-ink"
          />
        </label>
        <button type="submit" disabled={!valid} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100 disabled:opacity-50">
          Search along the route
        </button>
      </form>
      {!valid ? (
        <p id={rangeId} className="mt-1 text-red-700">
          A corridor is {CORRIDOR[units].min} to {CORRIDOR[units].max} {units} wide.
        </p>
      ) : null}
    </>
  );
}
