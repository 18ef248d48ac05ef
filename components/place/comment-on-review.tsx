'use client';

import { useId, useState } from 'react';
import { commentOnReview } from '@/lib/explorer/reviews-api';
import { MAX_COMMENT_TEXT } from '@/lib/reviews/review-input';
import { FormButtons } from '@/components/ui/form-buttons';

/**
 * "Comment" under a traveler's review: a short answer, shown under it once the place is read again. For the keepers of
 * the owning organization's listings, "Answer as <organization>".
 */
export function CommentOnReview({ reviewId, author, asOwner, onPosted }: { reviewId: string; author: string; asOwner: string | null; onPosted: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className="text-xs text-brand-700 underline hover:text-brand-800" aria-label={`${asOwner ? `Answer as ${asOwner}` : 'Comment'} on ${author}’s review`}>
        {asOwner ? 'Answer as the owner' : 'Comment'}
      </button>
    );
  }
  const post = async () => {
    setBusy(true);
    setError(null);
    try {
      await commentOnReview(reviewId, text);
      setText('');
      setOpen(false);
      onPosted();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      aria-label={`${asOwner ? `Answer as ${asOwner}` : 'Comment'} on ${author}’s review`}
      className="mt-2 flex flex-col gap-1 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        void post();
      }}
    >
      <label htmlFor={`${id}-comment`} className="font-medium text-slate-800">
        {asOwner ? `Your answer, shown as ${asOwner}’s` : 'Your comment'}
      </label>
      <textarea id={`${id}-comment`} value={text} rows={2} maxLength={MAX_COMMENT_TEXT} onChange={(e) => setText(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1 text-ink" />
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <FormButtons submit={asOwner ? 'Post answer' : 'Post comment'} disabled={busy || !text.trim()} onCancel={() => setOpen(false)} />
    </form>
  );
}
