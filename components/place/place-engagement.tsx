import type { Place } from '@/lib/explorer/types';
import { Section } from './section';

/** The average rating, the number of ratings and of visits, with a dash for what is not known. */
export function PlaceEngagement({ place }: { place: Place }) {
  const engagement = place.engagement;
  return (
    <Section title="Engagement">
      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        <div className="rounded-lg bg-slate-50 p-2">
          <dt className="text-xs text-slate-500">Average rating</dt>
          <dd className="font-semibold text-ink">{engagement?.avg_rating !== undefined ? engagement.avg_rating.toFixed(1) : '—'}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-2">
          <dt className="text-xs text-slate-500">Ratings</dt>
          <dd className="font-semibold text-ink">{engagement?.rating_count?.toLocaleString('en-US') ?? '—'}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-2">
          <dt className="text-xs text-slate-500">Visits</dt>
          <dd className="font-semibold text-ink">{engagement?.visits != null ? engagement.visits.toLocaleString('en-US') : '—'}</dd>
        </div>
      </dl>
    </Section>
  );
}
