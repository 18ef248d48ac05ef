'use client';

import { useEffect, useRef, useState } from 'react';
import type { SessionOrganization } from '@/lib/auth/types';
import { tripRequest } from '@/lib/trips/client-api';
import type { TripView } from '@/lib/trips/view';
import { CopyButton } from '@/components/ui/copy-button';

interface Props {
  view: TripView;
  /** The app's public URL (from the server's configuration): the link is the same in the server's HTML and the browser. */
  appUrl: string;
  organizations: SessionOrganization[];
  onChange: (view: TripView) => void;
}

/** The owner's sharing: a read-only link (made, copied, revoked) and one of their organizations. */
export function SharePanel({ view, appUrl, organizations, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = encodeURIComponent(view.trip.id);
  const token = view.access.shareToken;
  const link = token ? new URL(`/trips/shared/${token}`, appUrl).href : null;

  // Making or revoking the link replaces the button that was pressed: the focus goes to what took its place.
  const focusAfterChange = useRef(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAfterChange.current) return;
    focusAfterChange.current = false;
    (token ? copyButton : createButton).current?.focus();
  }, [token]);

  const [notice, setNotice] = useState<string | null>(null);
  const run = async (call: () => Promise<TripView>, done?: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      onChange(await call());
      if (done) setNotice(done);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="share-heading" className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="share-panel">
      <h2 id="share-heading" className="font-semibold text-ink">
        Share
      </h2>
      {link ? (
        <div className="mt-2">
          <label htmlFor="share-link" className="text-slate-700">
            Read-only link (anyone with it can view, signed out)
          </label>
          <div className="mt-1 flex gap-2">
            <input id="share-link" readOnly value={link} data-testid="share-link" className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 text-xs text-ink" />
            <CopyButton ref={copyButton} text={link} className="rounded-md border border-slate-300 px-2 py-1.5 font-medium text-ink hover:bg-slate-100" />
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              if (!window.confirm('Revoke the link? Anyone who has it can no longer open the trip.')) return;
              focusAfterChange.current = true;
              void run(() => tripRequest<TripView>(`/api/trips/${id}/share`, 'DELETE'));
            }}
            className="mt-2 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50"
          >
            Revoke link
          </button>
        </div>
      ) : (
        <button
          ref={createButton}
          type="button"
          disabled={busy}
          onClick={() => {
            focusAfterChange.current = true;
            void run(() => tripRequest<TripView>(`/api/trips/${id}/share`, 'POST'));
          }}
          className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100"
        >
          Create a read-only link
        </button>
      )}
      {organizations.length ? (
        <label className="mt-3 flex flex-col gap-1 text-slate-700">
          Share with an organization (its members can view and edit)
          <select
            value={view.trip.organizationId ?? ''}
            disabled={busy}
            onChange={(e) => {
              const organizationId = e.target.value || null;
              const name = organizations.find((o) => o.id === organizationId)?.name;
              void run(
                () => tripRequest<TripView>(`/api/trips/${id}/organization`, 'PUT', { organizationId }),
                name ? `Shared with ${name}: its members can view and edit it.` : 'Only you can see and edit this trip now.',
              );
            }}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink"
          >
            <option value="">Only me</option>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p role="status" className="mt-2 text-slate-700 empty:hidden" data-testid="share-notice">
        {notice}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
