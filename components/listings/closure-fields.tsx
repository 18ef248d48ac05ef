'use client';

import { useState } from 'react';
import { type ClosureRow, withHolidayClosures } from '@/lib/explorer/listing-draft';
import { MAX_CLOSURE_REASON, MAX_CLOSURES } from '@/lib/owners/listing-input';
import type { PublicHolidays } from '@/lib/owners/public-holidays';
import { FieldError, inputClass } from './field-error';

let nextKey = 0;

function DateField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={inputClass}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * Adds a one-day closure for each public holiday of the place's state ahead that no closure covers, and says how many;
 * the owner removes the days the place stays open before saving.
 */
function HolidayButton({ holidays, closures, onChange }: { holidays: PublicHolidays; closures: ClosureRow[]; onChange: (rows: ClosureRow[]) => void }) {
  const [said, setSaid] = useState('');
  const add = () => {
    const { rows, added, left } = withHolidayClosures(closures, holidays.holidays);
    onChange(rows);
    const full = left ? ` ${left} more did not fit: a listing holds ${MAX_CLOSURES} closures.` : '';
    setSaid(
      added
        ? `Added ${added} public ${added === 1 ? 'holiday' : 'holidays'} of ${holidays.region} as closures below. Remove those the place stays open on, then save.${full}`
        : `Every public holiday of ${holidays.region} in the next year is closed already.${full}`,
    );
  };
  return (
    <div className="space-y-1">
      <button type="button" className="rounded-md px-3 py-1.5 text-sm text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50" onClick={add}>
        Add the public holidays of {holidays.region}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {said}
      </p>
    </div>
  );
}

/** The place's temporary closures, one row each (first day, last day, reason), added and removed here. */
export function ClosureFields({
  closures,
  holidays,
  errors,
  onChange,
}: {
  closures: ClosureRow[];
  /** The public holidays of the place's state ahead; null where they are not known. */
  holidays: PublicHolidays | null;
  errors: Record<string, string>;
  onChange: (rows: ClosureRow[]) => void;
}) {
  const update = (i: number, change: Partial<ClosureRow>) => onChange(closures.map((c, j) => (j === i ? { ...c, ...change } : c)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-ink">Temporary closures</legend>
      <p className="text-sm text-slate-600">Both days are included. Travelers whose trips stop here on those days are warned.</p>
      {errors.temporary_closures && <p className="text-xs text-red-700">{errors.temporary_closures}</p>}
      {closures.length === 0 && <p className="text-sm text-slate-600">No closures.</p>}
      {closures.map((c, i) => {
        const field = (name: string) => ({ id: `closure-${c.key}-${name}`, error: errors[`temporary_closures.${i}.${name}`] });
        const start = field('start_date');
        const end = field('end_date');
        const reason = field('reason');
        return (
          <div key={c.key} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[10rem_10rem_1fr_auto]" data-testid="closure-row">
            <DateField id={start.id} label="First day" value={c.start_date} error={start.error} onChange={(v) => update(i, { start_date: v })} />
            <DateField id={end.id} label="Last day" value={c.end_date} error={end.error} onChange={(v) => update(i, { end_date: v })} />
            <div>
              <label htmlFor={reason.id} className="block text-xs text-slate-700">
                Reason
              </label>
              <input
                id={reason.id}
                className={inputClass}
                value={c.reason}
                maxLength={MAX_CLOSURE_REASON}
                aria-invalid={reason.error ? true : undefined}
                aria-describedby={reason.error ? `${reason.id}-error` : undefined}
                onChange={(e) => update(i, { reason: e.target.value })}
              />
              <FieldError id={`${reason.id}-error`} message={reason.error} />
            </div>
            <button
              type="button"
              className="self-end rounded-md px-2 py-1.5 text-sm text-red-700 ring-1 ring-red-200 hover:bg-red-50"
              onClick={() => onChange(closures.filter((_, j) => j !== i))}
              aria-label={`Remove the closure ${c.start_date || 'without a date'}${c.reason ? ` (${c.reason})` : ''}`}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="rounded-md px-3 py-1.5 text-sm text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
        onClick={() => onChange([...closures, { key: `new${nextKey++}`, start_date: '', end_date: '', reason: '' }])}
      >
        Add a closure
      </button>
      {holidays && holidays.holidays.length > 0 && <HolidayButton holidays={holidays} closures={closures} onChange={onChange} />}
    </fieldset>
  );
}
