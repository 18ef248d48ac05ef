import type { ReactNode } from 'react';
import { rvDetailsInWords } from '@/lib/explorer/review-draft';
import type { Place } from '@/lib/explorer/types';
import type { RvDetails } from '@/lib/reviews/review-input';

type Review = NonNullable<Place['reviews']>[number];

/** A traveler's review on this site by its author's page (`/travelers/<username>`) and visit: one per person, place and visit. */
export const travelerKey = (profilePath: string, visitedOn: string) => `${profilePath}|${visitedOn}`;

/** The same key for a review of the Place API, whose `url` is its author's page; a dataset's review has none of ours. */
export function apiReviewKey(review: Review): string {
  let path = '';
  try {
    path = new URL(review.url).pathname;
  } catch {
    // Not a URL: not one of this site's travelers.
  }
  return path.startsWith('/travelers/') ? travelerKey(path, review.visited_on ?? '') : '';
}

/** Comment shape is not fixed by the spec: strings, or objects with a text-like field and an author. */
function commentText(comment: unknown): { text: string; author?: string; owner?: string } {
  if (typeof comment === 'string') return { text: comment };
  if (comment && typeof comment === 'object') {
    const c = comment as Record<string, unknown>;
    const text = [c.text, c.body, c.comment, c.message].find((v) => typeof v === 'string') as string | undefined;
    const author = [c.source_user, c.author, c.user].find((v) => typeof v === 'string') as string | undefined;
    return { text: text ?? JSON.stringify(comment), author, owner: typeof c.owner === 'string' ? c.owner : undefined };
  }
  return { text: String(comment) };
}

export const VISIT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "★★★★☆", read as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="tracking-tight text-amber-600">
      {'★'.repeat(rating)}
      <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** What an RV traveler said of their stay beside the words (rig, price, hookups), when they said any. */
export function RvDetailsLine({ rv, className }: { rv: RvDetails | null | undefined; className: string }) {
  const words = rvDetailsInWords(rv);
  return words ? <p className={className}>{words}</p> : null;
}

interface Props {
  place: Place;
  /** The reader's own reviews (`travelerKey`), shown above with their actions. */
  exclude?: ReadonlySet<string>;
  /** What a signed-in reader may do with a review (comment, report), under its text. */
  actions?: (review: Review) => ReactNode;
  /** What its author said of their RV's stay, for the reviews written here (the Place API's reviews carry none). */
  rvOf?: (review: Review) => RvDetails | null | undefined;
}

/** The reviews of the place's details, the travelers' first; those a signed-in reader may report offer it. */
export function PlaceReviews({ place, exclude, actions, rvOf }: Props) {
  const reviews = (place.reviews ?? []).filter((r) => !exclude?.has(apiReviewKey(r)));
  if (reviews.length === 0) return exclude?.size ? null : <p className="text-sm text-slate-500">No reviews yet.</p>;
  return (
    <ul className="space-y-3" data-testid="place-reviews">
      {reviews.map((review) => (
        // Keyed by what the review is, not its place in the list: a comment being typed stays with its review.
        <li key={apiReviewKey(review) || `${review.source_user}|${review.visited_on ?? ''}|${review.text.slice(0, 60)}`} className="rounded-lg bg-slate-50 p-3 text-sm">
          {(review.rating !== undefined || review.visited_on) && (
            <p className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
              {review.rating !== undefined && <Stars rating={review.rating} />}
              {review.visited_on && <span>Visited {VISIT_MONTH.format(new Date(`${review.visited_on}T12:00:00Z`))}</span>}
            </p>
          )}
          <p className="whitespace-pre-line text-ink">{review.text}</p>
          <RvDetailsLine rv={rvOf?.(review)} className="mt-1 text-xs text-slate-600" />
          {review.source_user && (
            <p className="mt-1 text-xs text-slate-600">
              —{' '}
              {review.url ? (
                <a href={review.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                  {review.source_user}
                </a>
              ) : (
                review.source_user
              )}
            </p>
          )}
          {review.comments && review.comments.length > 0 && (
            <ul className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3" aria-label="Comments">
              {review.comments.map((comment, j) => {
                const { text, author, owner } = commentText(comment);
                return owner ? (
                  <li key={j} className="rounded bg-white px-2 py-1 text-xs text-slate-700 ring-1 ring-slate-200" data-testid="owner-answer">
                    <span className="block font-semibold text-ink">Answer from {owner}, the owner</span>
                    <span className="whitespace-pre-line">{text}</span>
                  </li>
                ) : (
                  <li key={j} className="text-xs text-slate-700">
                    <span className="whitespace-pre-line">{text}</span>
                    {author && <span className="text-slate-500"> — {author}</span>}
                  </li>
                );
              })}
            </ul>
          )}
          {actions?.(review)}
        </li>
      ))}
    </ul>
  );
}
