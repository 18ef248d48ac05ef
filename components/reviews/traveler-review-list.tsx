import Link from 'next/link';
import { HOOKUP_WORDS } from '@/lib/explorer/review-draft';
import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import { Stars, VISIT_MONTH } from '@/components/place/place-reviews';

type Listed = ReviewView & { placeName: string };

/** "Rig 38 ft · $45 a night · 50 A electric, Water": what RV travelers said beside their words. */
function rvSummary(rv: ReviewView['rv']): string | null {
  if (!rv) return null;
  const parts = [
    rv.rigLengthFt ? `Rig ${rv.rigLengthFt} ft` : null,
    rv.pricePerNight ? `${new Intl.NumberFormat('en-US', { style: 'currency', currency: rv.pricePerNight.currency }).format(rv.pricePerNight.amount)} a night` : null,
    rv.hookups?.length ? rv.hookups.map((h) => HOOKUP_WORDS[h]).join(', ') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

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
          {rvSummary(r.rv) && <p className="mt-2 text-sm text-slate-600">{rvSummary(r.rv)}</p>}
        </li>
      ))}
    </ul>
  );
}
