import Link from 'next/link';
import { Stars } from '@/components/place/place-reviews';
import { formatDate } from '@/lib/explorer/closures';
import { reportReasonWords } from '@/lib/explorer/report-reasons';
import type { ModeratedReview } from '@/lib/reviews/explorer/moderation';

/** A review as a moderator reads it: where, who, the whole text, and why readers reported it or why it is hidden. */
export function ModeratedReviewCard({ review, children }: { review: ModeratedReview; children: React.ReactNode }) {
  return (
    <article aria-label={`${review.author.handle}’s review of ${review.placeName ?? `place ${review.placeId}`}`} className="p-4 text-sm" data-testid="moderated-review">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={`/?place=${review.placeId}`} className="font-medium text-brand-700 underline">
          {review.placeName ?? `Place ${review.placeId} (no longer in the dataset)`}
        </Link>
        <Stars rating={review.rating} />
        <span className="text-slate-600">
          by{' '}
          <Link href={review.author.profile} className="text-brand-700 underline">
            {review.author.handle}
          </Link>
          , visited {formatDate(review.visitedOn)}
        </span>
      </p>
      <p className="mt-2 whitespace-pre-line text-ink">{review.text}</p>
      {review.reports.length > 0 && (
        <ul className="mt-2 space-y-1 border-l-2 border-amber-300 pl-3" aria-label="Reports">
          {review.reports.map((r, i) => (
            <li key={i} className="text-slate-700">
              <span className="font-medium">{reportReasonWords(r.reason)}</span>
              {r.note ? `: ${r.note}` : ''} <span className="text-slate-600">({formatDate(r.createdAt.slice(0, 10))})</span>
            </li>
          ))}
        </ul>
      )}
      {review.hidden && (
        <p className="mt-2 text-amber-900">
          Hidden on {formatDate(review.hidden.at.slice(0, 10))}: {review.hidden.reason}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-start gap-2">{children}</div>
    </article>
  );
}
