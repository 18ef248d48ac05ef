import { useId, useState } from 'react';
import { dateEntry } from '@/lib/trips/date-entry';
import type { TripStop } from '@/lib/trips/model';
import { useUnsavedWarning } from './use-unsaved-warning';

/** The arrival date, saved only once it is a whole date (lib/trips/date-entry.ts), never a keystroke's partial one. */
export function ArrivalDateField({ stop, onSave }: { stop: TripStop; onSave: (arrivalDate: string | null) => void }) {
  const [draft, setDraft] = useState(stop.arrivalDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const saved = stop.arrivalDate ?? '';
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    // Saved elsewhere (another tab, a teammate, the calendar picker's own save): show what is saved.
    setSeen(saved);
    setDraft(saved);
  }
  useUnsavedWarning(draft !== saved);
  const take = (field: HTMLInputElement, phase: 'typing' | 'done') => {
    const entry = dateEntry(field.value, phase, field.validity.badInput);
    if ('save' in entry) {
      setProblem(null);
      if (entry.save !== stop.arrivalDate) onSave(entry.save);
    } else if ('invalid' in entry) {
      setProblem(entry.invalid);
    }
  };
  return (
    <div className="flex flex-col gap-1 text-slate-700">
      <label className="flex flex-col gap-1">
        Arrival date
        <input
          type="date"
          value={draft}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            take(e.target, 'typing');
          }}
          onBlur={(e) => take(e.target, 'done')}
          className="rounded-md border border-slate-300 px-2 py-1.5 text-ink aria-invalid:border-red-600"
        />
      </label>
      {problem ? (
        <p id={problemId} role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
