'use client';

import { useId, useState } from 'react';
import { FormButtons } from '@/components/ui/form-buttons';
import { moderate, type ModerationAction } from '@/lib/explorer/moderation-api';
import type { AuthorTold, ModeratedReview } from '@/lib/reviews/explorer/moderation';
import { MAX_HIDE_REASON } from '@/lib/reviews/review-input';
import { ModeratedReviewCard } from './moderated-review';

const TOLD: Record<NonNullable<AuthorTold>, string> = {
  mailed: 'Its author was told by e-mail.',
  no_account: 'Its author has no account any more: nobody was told.',
  mail_failed: 'The e-mail to its author failed: they see it on their review.',
};

const DONE: Record<ModerationAction['action'], string> = { hide: 'Hidden.', restore: 'Restored.', dismiss: 'Reports dismissed: the review stays.' };

function HideForm({ author, onHide, onCancel }: { author: string; onHide: (reason: string) => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      aria-label={`Hide ${author}’s review`}
      className="flex w-full flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        onHide(reason);
      }}
    >
      <label htmlFor={`${id}-reason`} className="font-medium text-slate-800">
        Reason, shown to its author
      </label>
      <input id={`${id}-reason`} value={reason} maxLength={MAX_HIDE_REASON} onChange={(e) => setReason(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1 text-ink" />
      <FormButtons submit="Hide it" tone="quiet" disabled={!reason.trim()} onCancel={onCancel} />
    </form>
  );
}

/** One list of the queue under its heading, each review with the decisions `children` offers. */
function QueueSection({ id, title, empty, reviews, children }: { id: string; title: string; empty: string; reviews: ModeratedReview[]; children: (review: ModeratedReview) => React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-ink">
        {title}
      </h2>
      {reviews.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
          {reviews.map((r) => (
            <ModeratedReviewCard key={r.id} review={r}>
              {children(r)}
            </ModeratedReviewCard>
          ))}
        </div>
      )}
    </section>
  );
}

const button = 'rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-50';

/**
 * The moderators' queue: reported reviews with Hide (a reason its author sees) and Dismiss, and the latest hidden ones
 * with Restore. Each decision moves the review between the lists and says what its author was told.
 */
export function ModerationQueue({ initial }: { initial: { reported: ModeratedReview[]; hidden: ModeratedReview[] } }) {
  const [reported, setReported] = useState(initial.reported);
  const [hidden, setHidden] = useState(initial.hidden);
  const [hiding, setHiding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const decide = async (review: ModeratedReview, action: ModerationAction) => {
    setBusy(true);
    setStatus(null);
    try {
      const { review: now, told } = await moderate(review.id, action);
      setReported((list) => list.filter((r) => r.id !== review.id));
      setHidden((list) => [...(now.hidden ? [now] : []), ...list.filter((r) => r.id !== review.id)]);
      setHiding(null);
      setStatus({ text: [DONE[action.action], told ? TOLD[told] : ''].filter(Boolean).join(' '), error: false });
    } catch (err) {
      setStatus({ text: (err as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-8">
      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {status && !status.error ? status.text : ''}
      </p>
      {status?.error && (
        <p role="alert" className="text-sm text-red-700">
          {status.text}
        </p>
      )}
      <QueueSection id="reported-title" title={`Reported reviews (${reported.length})`} empty="Nothing waits for a moderator." reviews={reported}>
        {(r) =>
          hiding === r.id ? (
            <HideForm author={r.author.handle} onHide={(reason) => void decide(r, { action: 'hide', reason })} onCancel={() => setHiding(null)} />
          ) : (
            <>
              <button type="button" className={button} disabled={busy} onClick={() => setHiding(r.id)} aria-label={`Hide ${r.author.handle}’s review…`}>
                Hide…
              </button>
              <button type="button" className={button} disabled={busy} onClick={() => void decide(r, { action: 'dismiss' })} aria-label={`Dismiss the reports on ${r.author.handle}’s review`}>
                Dismiss the reports
              </button>
            </>
          )
        }
      </QueueSection>
      <QueueSection id="hidden-title" title="Hidden reviews" empty="None." reviews={hidden}>
        {(r) => (
          <button type="button" className={button} disabled={busy} onClick={() => void decide(r, { action: 'restore' })} aria-label={`Restore ${r.author.handle}’s review`}>
            Restore
          </button>
        )}
      </QueueSection>
    </div>
  );
}
