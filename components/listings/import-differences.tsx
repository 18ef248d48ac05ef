'use client';

import { useState } from 'react';
import { closureInWords, formatDate } from '@/lib/explorer/closures';
import { answerImportDifferences, type Listing, type ListingView } from '@/lib/explorer/listing-api';

const FIELD_NAMES: Record<string, string> = {
  hours: 'Hours',
  temporary_closures: 'Temporary closures',
  contact_info: 'Contact',
  description: 'Description',
  rv_service: 'RV service',
};

const DAYS = [['mon', 'Mon'], ['tue', 'Tue'], ['wed', 'Wed'], ['thu', 'Thu'], ['fri', 'Fri'], ['sat', 'Sat'], ['sun', 'Sun']] as const;

/** The import's value of a field in a line a person reads. */
function summary(field: string, value: unknown): string {
  if (field === 'hours') {
    const week = (value as Listing['hours'])['<default>'];
    if (!week) return 'other schedules';
    return DAYS.map(([d, name]) => `${name} ${(week[`${d}_open_close` as keyof typeof week] ?? []).join(', ') || 'closed'}`).join(' · ');
  }
  if (field === 'temporary_closures') {
    const closures = value as Listing['temporary_closures'];
    return closures.length ? closures.map(closureInWords).join('; ') : 'none';
  }
  if (field === 'contact_info') {
    const c = value as Listing['contact_info'];
    return [c.phone, c.email, c.website].filter(Boolean).join(' · ') || 'none';
  }
  if (field === 'rv_service') {
    const rv = value as Listing['rv_service'];
    if (!rv) return 'not an RV service provider';
    return `makes ${rv.serviced_makes.join(', ') || 'none'}; ${rv.rental_available ? 'rents' : 'no rentals'}`;
  }
  return String(value) || '(empty)';
}

/**
 * What the latest import would have changed of what the owner set, field by field: "Use the import's" makes it an
 * edit (in the history), "Keep ours" leaves the listing as it is. Either way the field leaves this list.
 */
export function ImportDifferences({ view, version, onChanged }: { view: ListingView; version: number; onChanged: (view: ListingView, notice: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const differences = view.importDifferences;
  if (!differences) return null;
  const answer = async (field: string, accept: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const next = await answerImportDifferences(view.placeId, version, accept ? { accept: [field] } : { keep: [field] });
      const name = (FIELD_NAMES[field] ?? field).toLowerCase();
      onChanged(next, accept ? `The import’s value of the ${name} is in the listing now.` : `Your ${name} stays as it is.`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="import-differences" className="space-y-3 rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200" data-testid="import-differences">
      <h2 id="import-differences" className="text-base font-semibold text-ink">
        The data import of {formatDate(differences.at.slice(0, 10))} has other values
      </h2>
      <p className="text-slate-700">Your listing stays as you set it. For each field, take the import’s value or keep yours.</p>
      <ul className="space-y-3">
        {Object.entries(differences.fields).map(([field, value]) => (
          <li key={field} className="space-y-1">
            <p>
              <span className="font-medium">{FIELD_NAMES[field] ?? field}</span> in the import: {summary(field, value)}
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" disabled={busy} onClick={() => void answer(field, true)} className="rounded-md bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
                Use the import’s {FIELD_NAMES[field]?.toLowerCase() ?? field}
              </button>
              <button type="button" disabled={busy} onClick={() => void answer(field, false)} className="rounded-md px-3 py-1 text-slate-800 ring-1 ring-slate-300 hover:bg-white disabled:opacity-50">
                Keep your {FIELD_NAMES[field]?.toLowerCase() ?? field}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
