'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { useUnsavedWarning } from '@/components/ui/use-unsaved-warning';
import { formatDate } from '@/lib/explorer/closures';
import { type ListingView, ListingRequestError, saveListing } from '@/lib/explorer/listing-api';
import { draftOfForm, formOfListing, type ListingForm, refusalsWithoutField, sectionsChanged } from '@/lib/explorer/listing-draft';
import type { PublicHolidays } from '@/lib/owners/public-holidays';
import { placeListingQuery, refreshPlaceListing } from '@/lib/explorer/queries/listing-query';
import { ClosureFields } from './closure-fields';
import { ContactFields } from './contact-fields';
import { HoursFields } from './hours-fields';
import { ImportDifferences } from './import-differences';
import { ListingHistory } from './listing-history';
import { RvFields } from './rv-fields';

type Outcome = { kind: 'refused'; message: string; fields: Record<string, string> } | { kind: 'conflict'; current: ListingView };

interface EditorProps {
  view: ListingView;
  holidays: PublicHolidays | null;
  placeName: string;
  /** What the last save or undo did, said once the form shows its result. */
  notice: string | null;
  onChanged: (view: ListingView, notice: string) => void;
}

function EditorForm({ view, holidays, placeName, notice, onChanged }: EditorProps) {
  const [form, setForm] = useState<ListingForm>(() => formOfListing(view.listing));
  // The listing the form was started from, and its version: another editor's, once the person chooses what to do.
  const [base, setBase] = useState(view.listing);
  const [version, setVersion] = useState(view.owner!.version);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const errors = outcome?.kind === 'refused' ? outcome.fields : {};
  const started = useMemo(() => JSON.stringify(formOfListing(base)), [base]);
  const unsaved = saving || JSON.stringify(form) !== started;
  useUnsavedWarning(unsaved);
  const leave = (e: React.MouseEvent) => {
    if (unsaved && !window.confirm('Leave this page? Your changes to the listing are not saved.')) e.preventDefault();
  };
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal takes the person to the first field it names.
  useEffect(() => {
    if (outcome?.kind === 'refused') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [outcome]);

  const submit = async (atVersion: number) => {
    setSaving(true);
    try {
      onChanged(await saveListing(view.placeId, atVersion, draftOfForm(form, base)), 'Saved: every search shows it now.');
    } catch (err) {
      if (err instanceof ListingRequestError && err.current) setOutcome({ kind: 'conflict', current: err.current });
      else if (err instanceof ListingRequestError && Object.keys(err.fields).length) {
        const elsewhere = refusalsWithoutField(err.fields);
        const message = elsewhere.length ? `Nothing was saved: ${elsewhere.join('; ')}.` : 'Nothing was saved: correct the fields marked in red, what you typed is kept.';
        setOutcome({ kind: 'refused', message, fields: err.fields });
      } else if (err instanceof ListingRequestError) setOutcome({ kind: 'refused', message: err.message, fields: err.fields });
      else setOutcome({ kind: 'refused', message: (err as Error).message, fields: {} });
    } finally {
      setSaving(false);
    }
  };
  // Another editor's change: the person sees what they changed and chooses. Their version replaces the form only when
  // asked, so nothing typed is lost unseen; or the form, as typed, is saved over theirs.
  const answerTheirs = (current: ListingView, keepMine: boolean) => {
    if (!keepMine) setForm(formOfListing(current.listing));
    setBase(current.listing);
    setVersion(current.owner!.version);
    setOutcome(null);
    if (keepMine) void submit(current.owner!.version);
  };

  return (
    <form ref={formRef} onSubmit={(e) => (e.preventDefault(), void submit(version))} className="space-y-8" noValidate aria-label={`Listing of ${placeName}`}>
      <ImportDifferences view={view} version={version} onChanged={onChanged} />
      <HoursFields hours={form.hours} errors={errors} onChange={(hours) => setForm({ ...form, hours })} />
      <ClosureFields closures={form.closures} holidays={holidays} errors={errors} onChange={(closures) => setForm({ ...form, closures })} />
      <ContactFields form={form} errors={errors} onChange={(change) => setForm({ ...form, ...change })} />
      {form.rv && <RvFields rv={form.rv} errors={errors} onChange={(rv) => setForm({ ...form, rv })} />}
      <div className="sticky bottom-0 -mx-4 space-y-2 border-t border-slate-200 bg-slate-50 px-4 py-3">
        {notice && !outcome && (
          <p role="status" className="text-sm text-emerald-800">
            {notice}
          </p>
        )}
        {outcome?.kind === 'refused' && (
          <p role="alert" className="text-sm text-red-700">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'conflict' && <ConflictChoice base={base} current={outcome.current} saving={saving} onAnswer={answerTheirs} />}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={saving} className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
            {saving ? 'Saving…' : 'Save the listing'}
          </button>
          <Link href={`/?place=${view.placeId}`} onClick={leave} className="text-sm text-brand-700 underline">
            Back to the map
          </Link>
        </div>
      </div>
      {view.mayReadHistory && <ListingHistory placeId={view.placeId} version={version} onUndone={(undone) => onChanged(undone, 'Undone: the listing is as it was before that edit.')} />}
    </form>
  );
}

/** Another editor saved first: what they changed, and the person's two ways on (nothing typed is lost either way). */
function ConflictChoice({ base, current, saving, onAnswer }: { base: ListingView['listing']; current: ListingView; saving: boolean; onAnswer: (current: ListingView, keepMine: boolean) => void }) {
  const changed = sectionsChanged(base, current.listing);
  const when = current.owner?.updatedAt ? ` on ${formatDate(current.owner.updatedAt.slice(0, 10))}` : '';
  const button = 'rounded px-2 py-1 ring-1 ring-amber-400 hover:bg-amber-100 disabled:opacity-50';
  return (
    <div role="alert" className="space-y-1 text-sm text-amber-950">
      <p>
        Nothing was saved: someone else saved this listing{when} while you were editing it
        {changed.length ? `, and changed ${new Intl.ListFormat('en').format(changed)}` : ''}.
      </p>
      <p>Your changes are still in the form. Save yours over theirs, or start again from their version.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={saving} onClick={() => onAnswer(current, true)} className={button}>
          Save mine over theirs
        </button>
        <button type="button" disabled={saving} onClick={() => onAnswer(current, false)} className={button}>
          Start again from their version
        </button>
      </div>
    </div>
  );
}

/**
 * The owner's editor of a place's listing, once the listing is read; a clear word when the reader may not edit it
 * (`keptElsewhere`: which of their organizations to switch to, when one keeps it).
 */
export function ListingEditor({ placeId, placeName, holidays, keptElsewhere }: { placeId: number; placeName: string; holidays: PublicHolidays | null; keptElsewhere: React.ReactNode }) {
  const queryClient = useQueryClient();
  const listing = useQuery(placeListingQuery(placeId));
  // The form starts again from the listing after this page's own save or undo only: another editor's change,
  // read in the background, never replaces what is being typed.
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  if (listing.isPending) return <p className="text-sm text-slate-600">Loading the listing…</p>;
  if (listing.isError) return <ErrorMessage error={listing.error} onRetry={() => void listing.refetch()} />;
  const view = listing.data;
  if (!view.mayEdit || !view.owner) {
    if (keptElsewhere) return keptElsewhere;
    return (
      <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950">
        {view.owner ? `${view.owner.organizationName} keeps this place: only its administrators and listing editors change it.` : 'Nobody keeps this place yet: claim it from its card on the map first.'}
      </p>
    );
  }
  const changed = (next: ListingView, message: string) => {
    refreshPlaceListing(queryClient, placeId, next);
    setNotice(message);
    setGeneration((g) => g + 1);
  };
  return <EditorForm key={generation} view={view} holidays={holidays} placeName={placeName} notice={notice} onChanged={changed} />;
}
