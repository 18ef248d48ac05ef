import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import { CURRENCIES, HOOKUPS, type RvDetails } from '@/lib/reviews/review-input';
import type { ReviewDraft } from './reviews-api';

/** The review form's fields as typed: text, so that a half-typed number is kept until it is sent. */
export interface ReviewFields {
  rating: number;
  text: string;
  visitedOn: string;
  rigLengthFt: string;
  price: string;
  currency: (typeof CURRENCIES)[number];
  hookups: (typeof HOOKUPS)[number][];
}

export const HOOKUP_WORDS: Record<(typeof HOOKUPS)[number], string> = {
  electric_30: '30 A electric',
  electric_50: '50 A electric',
  water: 'Water',
  sewer: 'Sewer',
  none: 'None (dry camping)',
};

/** "Rig 38 ft · $45.00 a night · 50 A electric, Water": what an RV traveler said beside their words; null for nothing. */
export function rvDetailsInWords(rv: RvDetails | null | undefined): string | null {
  if (!rv) return null;
  const parts = [
    rv.rigLengthFt ? `Rig ${rv.rigLengthFt} ft` : null,
    rv.pricePerNight ? `${new Intl.NumberFormat('en-US', { style: 'currency', currency: rv.pricePerNight.currency }).format(rv.pricePerNight.amount)} a night` : null,
    rv.hookups?.length ? rv.hookups.map((h) => HOOKUP_WORDS[h]).join(', ') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

export function fieldsOf(review: ReviewView | null, today: string): ReviewFields {
  return {
    rating: review?.rating ?? 0,
    text: review?.text ?? '',
    visitedOn: review?.visitedOn ?? today,
    rigLengthFt: review?.rv?.rigLengthFt?.toString() ?? '',
    price: review?.rv?.pricePerNight?.amount.toString() ?? '',
    currency: review?.rv?.pricePerNight?.currency ?? 'USD',
    hookups: review?.rv?.hookups ?? [],
  };
}

/** A typed figure as a number, or the text as it is (the server names what is wrong with it); empty is none. */
const figure = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/** What the form sends: the RV details only those given (for campgrounds and RV parks), kept as they were otherwise. */
export function draftOf(fields: ReviewFields, withRv: boolean, kept: RvDetails | null): ReviewDraft {
  const draft: ReviewDraft = { rating: fields.rating, text: fields.text, visitedOn: fields.visitedOn };
  if (!withRv) return kept ? { ...draft, rv: kept } : draft;
  const rv: RvDetails = { ...(kept?.cellSignal ? { cellSignal: kept.cellSignal } : {}) };
  const length = figure(fields.rigLengthFt);
  if (length !== undefined) rv.rigLengthFt = length;
  const price = figure(fields.price);
  if (price !== undefined) rv.pricePerNight = { amount: price, currency: fields.currency };
  if (fields.hookups.length) rv.hookups = fields.hookups;
  return Object.keys(rv).length ? { ...draft, rv } : draft;
}
