import { useState } from 'react';
import type { TripStop } from '@/lib/trips/model';
import { ArrivalDateField } from './arrival-date-field';
import { NightsField } from './nights-field';
import { useUnsavedWarning } from '@/components/ui/use-unsaved-warning';

export interface StopPlan {
  arrivalDate: string | null;
  nights: number;
  note: string;
}

/** A stop's plan being edited (behind Plan): its arrival date, nights and note. */
export function PlanFields({ id, stop, onPlan }: { id: string; stop: TripStop; onPlan: (plan: StopPlan) => void }) {
  const [note, setNote] = useState(stop.note);
  useUnsavedWarning(note !== stop.note);
  const plan = { arrivalDate: stop.arrivalDate, nights: stop.nights, note: stop.note };
  return (
    <div id={id} className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3 pl-10 text-sm">
      <ArrivalDateField stop={stop} onSave={(arrivalDate) => onPlan({ ...plan, arrivalDate })} />
      <NightsField nights={stop.nights} onSave={(nights) => onPlan({ ...plan, nights })} />
      <label className="col-span-2 flex flex-col gap-1 text-slate-700">
        Note
        <textarea
          value={note}
          maxLength={2000}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => note !== stop.note && onPlan({ ...plan, note })}
          className="rounded-md border border-slate-300 px-2 py-1.5 text-ink"
        />
      </label>
    </div>
  );
}
