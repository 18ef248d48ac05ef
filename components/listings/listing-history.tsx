'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { dateTimeFormat } from '@/lib/explorer/intl-cache';
import { type ListingEditRecord, type ListingView, undoListingEdit } from '@/lib/explorer/listing-api';
import { type ListingChange, listingChanges } from '@/lib/explorer/listing-changes';
import { listingHistoryQuery } from '@/lib/explorer/queries/listing-query';

const FIELD_NAMES: Record<string, string> = {
  hours: 'hours',
  temporary_closures: 'temporary closures',
  contact_info: 'contact info',
  description: 'description',
  rv_service: 'RV service',
};

function whatChanged(edit: ListingEditRecord): string {
  const fields = Object.keys(edit.after).map((f) => FIELD_NAMES[f] ?? f);
  if (!fields.length) return 'confirmed the listing as it was';
  const named = fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}` : fields[0];
  return `${edit.undoes ? 'undid an edit of' : 'changed'} the ${named}`;
}

const struck = 'text-slate-500 line-through';

/** `was → now`; a thing added or removed says so. */
function ChangeWords({ before, after }: Pick<ListingChange, 'before' | 'after'>) {
  if (before === null) return <>added: <span className="text-ink">{after}</span></>;
  if (after === null) return <>removed: <span className={struck}>{before}</span></>;
  return (
    <>
      <span className="sr-only">was </span>
      <span className={struck}>{before}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only">, now </span>
      <span className="text-ink">{after}</span>
    </>
  );
}

/** What one edit changed, each line as it was and as it became; folded, since most readers want who and when. */
function EditDetails({ edit }: { edit: ListingEditRecord }) {
  const changes = listingChanges(edit.before, edit.after);
  if (!changes.length) return null;
  return (
    <details className="basis-full text-slate-700">
      <summary className="cursor-pointer text-brand-700">What changed</summary>
      <dl className="mt-1 space-y-1">
        {changes.map((change, i) => (
          <div key={i} className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-ink">{change.what}</dt>
            <dd className="break-words">
              <ChangeWords before={change.before} after={change.after} />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The listing's edits, the newest first, each with who and when, and Undo for what it changed. */
export function ListingHistory({ placeId, version, onUndone }: { placeId: number; version: number; onUndone: (view: ListingView) => void }) {
  const history = useQuery(listingHistoryQuery(placeId));
  const [error, setError] = useState<string | null>(null);
  const when = dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const undo = async (edit: ListingEditRecord) => {
    setError(null);
    try {
      onUndone(await undoListingEdit(placeId, edit.id, version));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="history-title" className="mt-8">
      <h2 id="history-title" className="mb-2 text-lg font-semibold text-ink">
        History
      </h2>
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {history.isError && <p className="text-sm text-red-700">{(history.error as Error).message}</p>}
      {history.data?.length === 0 && <p className="text-sm text-slate-600">No edits yet.</p>}
      <ol className="space-y-2">
        {history.data?.map((edit) => (
          <li key={edit.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200" data-testid="listing-edit">
            <span className="text-ink">
              <span className="font-medium">{edit.authorName}</span> {whatChanged(edit)}
            </span>
            <time dateTime={edit.at} className="text-slate-600">
              {when.format(new Date(edit.at))}
            </time>
            {Object.keys(edit.before).length > 0 && (
              <span className="ml-auto">
                <ConfirmAction
                  label="Undo…"
                  accessibleLabel={`Undo: ${edit.authorName} ${whatChanged(edit)}`}
                  question="Put back what this edit changed?"
                  confirm="Undo it"
                  keep="Keep it"
                  onConfirm={() => void undo(edit)}
                />
              </span>
            )}
            <EditDetails edit={edit} />
          </li>
        ))}
      </ol>
    </section>
  );
}
