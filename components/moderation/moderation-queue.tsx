'use client';

import { useRef, useState } from 'react';
import { type ModerationAction, moderatePhoto, moderateReview, readModerationQueue } from '@/lib/explorer/moderation-api';
import type { AuthorTold, ModeratedPhoto, ModeratedReview, ModerationQueue as Queue } from '@/lib/reviews/explorer/moderation';
import { MAX_HIDE_REASON } from '@/lib/reviews/review-input';
import { DecisionStatus, type Said } from './decision-status';
import { ModeratedPhotoCard, ModeratedReviewCard } from './moderated-review';
import { ReasonForm } from './reason-form';

const TOLD: Record<NonNullable<AuthorTold>, string> = {
  mailed: 'Its author was told by e-mail.',
  no_account: 'Its author has no account any more: nobody was told.',
  mail_failed: 'The e-mail to its author failed: they see the reason beside it.',
};

type Item = ModeratedReview | ModeratedPhoto;

/** One list of the queue under its heading, each item with the decisions `children` offers. */
function QueueSection<T extends Item>({
  id,
  title,
  empty,
  items,
  card,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  items: T[];
  card: (item: T, actions: React.ReactNode) => React.ReactNode;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-ink">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">{items.map((item) => card(item, children(item)))}</div>
      )}
    </section>
  );
}

const button = 'rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-50';

interface ListsProps<T extends Item> {
  noun: 'review' | 'photo';
  initial: { reported: T[]; hidden: T[] };
  decide: (id: string, action: ModerationAction) => Promise<{ item: T; told: AuthorTold }>;
  card: (item: T, actions: React.ReactNode) => React.ReactNode;
  /** After each decision taken. */
  onDecided?: () => void;
}

/**
 * Reported reviews or photos with Hide (a reason their author sees) and Dismiss, and the latest hidden ones with
 * Restore. Each decision moves the item between the lists and says what its author was told.
 */
function ModerationLists<T extends Item>({ noun, initial, decide, card, onDecided }: ListsProps<T>) {
  const [reported, setReported] = useState(initial.reported);
  const [hidden, setHidden] = useState(initial.hidden);
  const [hiding, setHiding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Said>(null);
  const said = useRef<HTMLDivElement>(null);
  const whose = (item: T) => `${item.author.handle}’s ${noun}`;
  const done: Record<ModerationAction['action'], string> = { hide: 'Hidden.', restore: 'Restored.', dismiss: `Reports dismissed: the ${noun} stays.` };

  const act = async (item: T, action: ModerationAction) => {
    setBusy(true);
    setStatus(null);
    try {
      const { item: now, told } = await decide(item.id, action);
      setReported((list) => list.filter((r) => r.id !== item.id));
      setHidden((list) => [...(now.hidden ? [now] : []), ...list.filter((r) => r.id !== item.id)]);
      setHiding(null);
      setStatus({ text: [done[action.action], told ? TOLD[told] : ''].filter(Boolean).join(' '), error: false });
      onDecided?.();
    } catch (err) {
      setStatus({ text: (err as Error).message, error: true });
    } finally {
      setBusy(false);
      said.current?.focus();
    }
  };

  return (
    <div className="space-y-6" data-testid={`${noun}-moderation`}>
      <DecisionStatus ref={said} said={status} />
      <QueueSection id={`reported-${noun}s`} title={`Reported ${noun}s (${reported.length})`} empty="Nothing waits for a moderator." items={reported} card={card}>
        {(item) =>
          hiding === item.id ? (
            <ReasonForm
              label={`Hide ${whose(item)}`}
              fieldLabel="Reason, shown to its author"
              submit="Hide it"
              maxLength={MAX_HIDE_REASON}
              busy={busy}
              onSubmit={(reason) => void act(item, { action: 'hide', reason })}
              onCancel={() => setHiding(null)}
            />
          ) : (
            <>
              <button type="button" className={button} disabled={busy} onClick={() => setHiding(item.id)} aria-label={`Hide ${whose(item)}…`}>
                Hide…
              </button>
              <button type="button" className={button} disabled={busy} onClick={() => void act(item, { action: 'dismiss' })} aria-label={`Dismiss the reports on ${whose(item)}`}>
                Dismiss the reports
              </button>
            </>
          )
        }
      </QueueSection>
      <QueueSection id={`hidden-${noun}s`} title={`Hidden ${noun}s`} empty="None." items={hidden} card={card}>
        {(item) => (
          <button type="button" className={button} disabled={busy} onClick={() => void act(item, { action: 'restore' })} aria-label={`Restore ${whose(item)}`}>
            Restore
          </button>
        )}
      </QueueSection>
    </div>
  );
}

/**
 * The moderators' queue: reviews, then photos reported on their own. A photo of a hidden review is hidden with it,
 * its reports waiting until the review is shown again: after each decision on a review, the photos' lists are read
 * again (and drawn anew), so they leave or come back without a reload; a failed reading leaves them as they were.
 */
export function ModerationQueue({ initial }: { initial: Queue }) {
  const [photos, setPhotos] = useState({ reported: initial.reportedPhotos, hidden: initial.hiddenPhotos, read: 0 });
  const rereadPhotos = () =>
    void readModerationQueue()
      .then((queue) => setPhotos((before) => ({ reported: queue.reportedPhotos, hidden: queue.hiddenPhotos, read: before.read + 1 })))
      .catch(() => undefined);
  return (
    <div className="space-y-10">
      <ModerationLists<ModeratedReview>
        noun="review"
        initial={{ reported: initial.reported, hidden: initial.hidden }}
        decide={async (id, action) => {
          const { review, told } = await moderateReview(id, action);
          return { item: review, told };
        }}
        onDecided={rereadPhotos}
        card={(review, actions) => (
          <ModeratedReviewCard key={review.id} review={review}>
            {actions}
          </ModeratedReviewCard>
        )}
      />
      <ModerationLists<ModeratedPhoto>
        key={photos.read}
        noun="photo"
        initial={photos}
        decide={async (id, action) => {
          const { photo, told } = await moderatePhoto(id, action);
          return { item: photo, told };
        }}
        card={(photo, actions) => (
          <ModeratedPhotoCard key={photo.id} photo={photo}>
            {actions}
          </ModeratedPhotoCard>
        )}
      />
    </div>
  );
}
