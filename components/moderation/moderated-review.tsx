import Link from 'next/link';
import { Stars } from '@/components/place/place-reviews';
import { formatDate } from '@/lib/explorer/closures';
import { reportReasonWords } from '@/lib/explorer/report-reasons';
import type { ModeratedPhoto, ModeratedReview } from '@/lib/reviews/explorer/moderation';

type Item = ModeratedReview | ModeratedPhoto;

const placeLabel = (item: Item) => item.placeName ?? `place ${item.placeId}`;

/** Where, whose, why readers reported it or why it is hidden, and the decisions: what both cards share. */
function ItemParts({ item, children }: { item: Item; children: React.ReactNode }) {
  return (
    <>
      {item.reports.length > 0 && (
        <ul className="mt-2 space-y-1 border-l-2 border-amber-300 pl-3" aria-label="Reports">
          {item.reports.map((r, i) => (
            <li key={i} className="text-slate-700">
              <span className="font-medium">{reportReasonWords(r.reason)}</span>
              {r.note ? `: ${r.note}` : ''} <span className="text-slate-600">({formatDate(r.createdAt.slice(0, 10))})</span>
            </li>
          ))}
        </ul>
      )}
      {item.hidden && (
        <p className="mt-2 text-amber-900">
          Hidden on {formatDate(item.hidden.at.slice(0, 10))}: {item.hidden.reason}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-start gap-2">{children}</div>
    </>
  );
}

function PlaceAndAuthor({ item, children }: { item: Item; children?: React.ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Link href={`/?place=${item.placeId}`} className="font-medium text-brand-700 underline">
        {item.placeName ?? `Place ${item.placeId} (no longer in the dataset)`}
      </Link>
      {children}
      <span className="text-slate-600">
        by{' '}
        <Link href={item.author.profile} className="text-brand-700 underline">
          {item.author.handle}
        </Link>
      </span>
    </p>
  );
}

/** A photo as a moderator sees it, shown even while hidden. */
export function ModeratedPhotoCard({ photo, children }: { photo: ModeratedPhoto; children: React.ReactNode }) {
  const label = `${photo.author.handle}’s photo of ${placeLabel(photo)}`;
  return (
    <article aria-label={label} className="p-4 text-sm" data-testid="moderated-photo">
      <PlaceAndAuthor item={photo} />
      {/* eslint-disable-next-line @next/next/no-img-element -- the server serves the small size ready-made */}
      <img src={photo.image} width={320} height={240} alt={label} className="mt-2 aspect-[4/3] w-full max-w-xs rounded bg-slate-100 object-cover" />
      <ItemParts item={photo}>{children}</ItemParts>
    </article>
  );
}

/** A review as a moderator reads it: where, who, the whole text, and why readers reported it or why it is hidden. */
export function ModeratedReviewCard({ review, children }: { review: ModeratedReview; children: React.ReactNode }) {
  return (
    <article aria-label={`${review.author.handle}’s review of ${placeLabel(review)}`} className="p-4 text-sm" data-testid="moderated-review">
      <PlaceAndAuthor item={review}>
        <Stars rating={review.rating} />
        <span className="text-slate-600">visited {formatDate(review.visitedOn)}</span>
      </PlaceAndAuthor>
      <p className="mt-2 whitespace-pre-line text-ink">{review.text}</p>
      <ItemParts item={review}>{children}</ItemParts>
    </article>
  );
}
