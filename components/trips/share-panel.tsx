'use client';

import type { SessionOrganization } from '@/lib/auth/types';
import { tripRequest } from '@/lib/trips/client-api';
import type { TripView } from '@/lib/trips/view';
import { OrganizationShare } from './organization-share';
import { ShareLink } from './share-link';
import { useShareFocus } from './use-share-focus';
import { useShareRequest } from './use-share-request';

interface Props {
  view: TripView;
  /** The app's public URL (from the server's configuration): the link is the same in the server's HTML and the browser. */
  appUrl: string;
  organizations: SessionOrganization[];
  onChange: (view: TripView) => void;
}

/** The owner's sharing: a read-only link (made, copied, revoked) and one of their organizations. */
export function SharePanel({ view, appUrl, organizations, onChange }: Props) {
  const { busy, error, notice, run } = useShareRequest(onChange);
  const id = encodeURIComponent(view.trip.id);
  const token = view.access.shareToken;
  const link = token ? new URL(`/trips/shared/${token}`, appUrl).href : null;
  const { focusAfterChange, copyButton, createButton } = useShareFocus(token, busy);

  const revoke = () => {
    if (!window.confirm('Revoke the link? Anyone who has it can no longer open the trip.')) return;
    focusAfterChange();
    void run(() => tripRequest<TripView>(`/api/trips/${id}/share`, 'DELETE'));
  };
  const create = () => {
    focusAfterChange();
    void run(() => tripRequest<TripView>(`/api/trips/${id}/share`, 'POST'));
  };
  const shareWith = (organizationId: string | null, name: string | undefined) =>
    void run(
      () => tripRequest<TripView>(`/api/trips/${id}/organization`, 'PUT', { organizationId }),
      name ? `Shared with ${name}: its members can view and edit it.` : 'Only you can see and edit this trip now.',
    );

  return (
    <section aria-labelledby="share-heading" className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="share-panel">
      <h2 id="share-heading" className="font-semibold text-ink">
        Share
      </h2>
      {link ? (
        <ShareLink link={link} copyRef={copyButton} busy={busy} onRevoke={revoke} />
      ) : (
        <button
          ref={createButton}
          type="button"
          disabled={busy}
          onClick={create}
          className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-ink hover:bg-slate-100"
        >
          Create a read-only link
        </button>
      )}
      {organizations.length ? <OrganizationShare organizations={organizations} organizationId={view.trip.organizationId} busy={busy} onShare={shareWith} /> : null}
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
