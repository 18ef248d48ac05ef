import { useId, useRef, useState } from 'react';
import { dateEntry } from '@/lib/trips/date-entry';
import type { TripStop } from '@/lib/trips/model';
import { useUnsavedWarning } from '@/components/ui/use-unsaved-warning';
import { useSavedDraft } from './use-saved-draft';
import { FieldProblem } from './field-problem';

/**
 * The arrival date, saved only once it is a whole date (lib/trips/date-entry.ts), never a keystroke's partial one.
 * Chromium's own calendar button is a Tab stop inside the field, so a Tab from the year did not leave it and the
 * message waited for a second Tab; the field's calendar is a button of its own after it (issue 49).
 */
export function ArrivalDateField({ stop, onSave }: { stop: TripStop; onSave: (arrivalDate: string | null) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const field = useRef<HTMLInputElement>(null);
  const pointer = useRef('mouse');
  const saved = stop.arrivalDate ?? '';
  const [draft, setDraft] = useSavedDraft(saved);
  useUnsavedWarning(draft !== saved);
  const take = (input: HTMLInputElement, phase: 'typing' | 'done') => {
    const entry = dateEntry(input.value, phase, input.validity.badInput);
    if ('save' in entry) {
      setProblem(null);
      if (entry.save !== stop.arrivalDate) onSave(entry.save);
    } else if ('invalid' in entry) {
      setProblem(entry.invalid);
    }
  };
  return (
    <div className="flex min-w-0 flex-col gap-1 text-slate-700">
      <div className="flex items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          Arrival date
          <input
            ref={field}
            type="date"
            value={draft}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onPointerDown={(e) => {
              pointer.current = e.pointerType;
            }}
            onMouseDown={(e) => {
              // A click anywhere in an empty field starts at the month, as a Tab into it does; where the click lands
              // would pick the segment (in the middle: the year, "mm/dd/22027" once a date is typed).
              const input = e.currentTarget;
              if (pointer.current !== 'mouse' || input.value || input.validity.badInput || document.activeElement === input) return;
              e.preventDefault();
              input.focus();
            }}
            onChange={(e) => {
              setDraft(e.target.value);
              take(e.target, 'typing');
            }}
            onBlur={(e) => take(e.target, 'done')}
            className="w-full min-w-0 rounded-md border border-slate-300 px-2 py-1.5 text-ink aria-invalid:border-red-600 [&::-webkit-calendar-picker-indicator]:hidden"
          />
        </label>
        <button
          type="button"
          onClick={() => field.current?.showPicker?.()}
          aria-label="Pick from a calendar"
          title="Pick from a calendar"
          className="shrink-0 rounded-md border border-slate-300 px-2 py-1.5 text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="3" y="4.5" width="14" height="12" rx="1.5" />
            <path d="M3 8h14M7 3v3M13 3v3" />
          </svg>
        </button>
      </div>
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}
