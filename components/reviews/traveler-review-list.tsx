import Link from 'next/link';
import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import { RvDetailsLine, Stars, VISIT_MONTH } from '@/components/place/place-reviews';

type Listed = ReviewView & { placeName: string };

export function TravelerReviewList({ reviews }: { reviews: Listed[] }) {
  if (reviews.length === 0) return null;
  return (
    <ul className="mt-6 flex flex-col gap-3" data-testid="traveler-reviews">
      {reviews.map((r) => (
        <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="font-semibold text-ink">
            <Link href={`/?place=${r.placeId}`} className="text-brand-700 underline">
              {r.placeName}
            </Link>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            <Stars rating={r.rating} />
            <span>Visited {VISIT_MONTH.format(new Date(`${r.visitedOn}T12:00:00Z`))}</span>
          </p>
          {r.hidden && <p className="mt-1 text-sm text-amber-900">Hidden by the site’s moderators ({r.hidden.reason}): only you see it.</p>}
          <p className="mt-2 whitespace-pre-line text-ink">{r.text}</p>
          <RvDetailsLine rv={r.rv} className="mt-2 text-sm text-slate-600" />
        </li>
      ))}
    </ul>
  );
}
