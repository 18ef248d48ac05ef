'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState } from 'react';
import { formatDate } from '@/lib/explorer/closures';
import { dateEntry } from '@/lib/trips/date-entry';
import { useUnits } from '@/components/units/units-context';
import { formatDistance, formatDuration } from '@/lib/trips/format';
import type { Leg } from '@/lib/trips/legs/types';
import type { TripStop } from '@/lib/trips/model';
import { departureDate } from '@/lib/trips/stay-dates';
import { useStopLocality } from './use-stop-locality';
import { useStopWarning } from './use-stop-warning';
import { useUnsavedWarning } from './use-unsaved-warning';

export interface StopPlan {
  arrivalDate: string | null;
  nights: number;
  note: string;
}

interface Props {
  stop: TripStop;
  /** The stop before it, whose departure its arrival should not precede. */
  previous: TripStop | null;
  index: number;
  /** The leg from this stop to the next one. */
  leg: Leg | null;
  editable: boolean;
  onPlan: (plan: StopPlan) => void;
  onRemove: () => void;
}

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

/** One stop of the list: its number, name and plan, the leg to the next stop, and (for editors) its controls. */
export function StopCard({ stop, previous, index, leg, editable, onPlan, onRemove }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stop.id, disabled: !editable });
  const [editing, setEditing] = useState(false);
  const warning = useStopWarning(stop, previous);
  const locality = useStopLocality(stop);
  const { units } = useUnits();
  const fields = useId();

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="trip-stop"
      data-stop-id={stop.id}
      className={`relative list-none ${isDragging ? 'z-10' : ''}`}
    >
      <div className={`rounded-xl border bg-white p-3 ${isDragging ? 'border-brand-500 shadow-lg' : 'border-slate-200 shadow-sm'}`}>
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-[#e8603c] text-sm font-semibold text-white">
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-ink" data-testid="trip-stop-name">
              <span className="sr-only">Stop {index + 1}: </span>
              {stop.name}
            </p>
            {/* Where it is: a place's town and region; a point of the traveler's own, its coordinates. */}
            <p className="truncate text-xs text-slate-600" data-testid="trip-stop-where">
              {stop.kind === 'place' ? locality || 'Place' : `Your point · ${stop.lat.toFixed(4)}, ${stop.lon.toFixed(4)}`}
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
          {editable ? (
            <button
              ref={setActivatorNodeRef}
              type="button"
              {...attributes}
              {...listeners}
              aria-label={`Move ${stop.name}`}
              data-testid="trip-stop-handle"
              className="flex h-9 w-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-ink active:cursor-grabbing"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                <circle cx="7" cy="5" r="1.5" />
                <circle cx="13" cy="5" r="1.5" />
                <circle cx="7" cy="10" r="1.5" />
                <circle cx="13" cy="10" r="1.5" />
                <circle cx="7" cy="15" r="1.5" />
                <circle cx="13" cy="15" r="1.5" />
              </svg>
            </button>
          ) : null}
        </div>
        {editable ? (
          <div className="mt-2 flex gap-2 pl-10 text-sm">
            <button
              type="button"
              aria-expanded={editing}
              aria-controls={fields}
              onClick={() => setEditing((e) => !e)}
              className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
            >
              {editing ? 'Done' : 'Plan'}
              <span className="sr-only"> {stop.name}</span>
            </button>
            <button type="button" data-remove onClick={onRemove} className="rounded-md px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-red-700">
              Remove<span className="sr-only"> {stop.name}</span>
            </button>
          </div>
        ) : null}
        {editable && editing ? <PlanFields id={fields} stop={stop} onPlan={onPlan} /> : null}
      </div>
      {leg ? (
        <p data-testid="trip-leg" className="flex items-center gap-2 py-1.5 pl-6 text-xs text-slate-600">
          <span aria-hidden="true" className="h-5 border-l-2 border-dashed border-brand-500" />
          <span>
            <span className="sr-only">Leg to stop {index + 2}: </span>
            {formatDistance(leg.distanceMeters, units)} · {formatDuration(leg.durationSeconds)}
          </span>
        </p>
      ) : null}
    </li>
  );
}

function PlanFields({ id, stop, onPlan }: { id: string; stop: TripStop; onPlan: (plan: StopPlan) => void }) {
  const [note, setNote] = useState(stop.note);
  useUnsavedWarning(note !== stop.note);
  const plan = { arrivalDate: stop.arrivalDate, nights: stop.nights, note: stop.note };
  return (
    <div id={id} className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3 pl-10 text-sm">
      <ArrivalDateField stop={stop} onSave={(arrivalDate) => onPlan({ ...plan, arrivalDate })} />
      <label className="flex flex-col gap-1 text-slate-700">
        Nights
        <input
          type="number"
          min={0}
          max={365}
          value={stop.nights}
          onChange={(e) => {
            const nights = Number(e.target.value);
            if (Number.isInteger(nights) && nights >= 0 && nights <= 365) onPlan({ ...plan, nights });
          }}
          className="rounded-md border border-slate-300 px-2 py-1.5 text-ink"
        />
      </label>
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

/** The arrival date, saved only once it is a whole date (lib/trips/date-entry.ts), never a keystroke's partial one. */
function ArrivalDateField({ stop, onSave }: { stop: TripStop; onSave: (arrivalDate: string | null) => void }) {
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
