'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SignInButton } from '@/components/auth/sign-in-button';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { placeReviewsQuery, refreshPlaceReviews } from '@/lib/explorer/queries/reviews-query';
import { deleteReview } from '@/lib/explorer/reviews-api';
import type { Place } from '@/lib/explorer/types';
import type { ReviewView } from '@/lib/reviews/explorer/review-view';
import { apiReviewKey, PlaceReviews, RvDetailsLine, Stars, travelerKey, VISIT_MONTH } from './place-reviews';
import { CommentOnReview } from './comment-on-review';
import { ReportReview } from './report-review';
import { ReviewForm } from './review-form';

const RV_TAGS = new Set(['campgrounds', 'rv-parks']);

function MyReview({ review, onEdit, onDeleted }: { review: ReviewView; onEdit: () => void; onDeleted: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    try {
      await deleteReview(review.id);
      onDeleted();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <li className="rounded-lg bg-brand-50 p-3 text-sm ring-1 ring-brand-100" data-testid="my-review">
      <p className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-ink">Your review</span>
        <Stars rating={review.rating} />
        <span>Visited {VISIT_MONTH.format(new Date(`${review.visitedOn}T12:00:00Z`))}</span>
      </p>
      {review.hidden && (
        <p className="mb-1 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-200">
          Hidden by the site’s moderators ({review.hidden.reason}): only you see it.
        </p>
      )}
      <p className="whitespace-pre-line text-ink">{review.text}</p>
      <RvDetailsLine rv={review.rv} className="mt-1 text-xs text-slate-600" />
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2 text-xs">
        <button type="button" onClick={onEdit} className="rounded px-2 py-1 text-brand-700 ring-1 ring-brand-200 hover:bg-white">
          Edit
        </button>
        <ConfirmAction label="Delete…" question="Delete this review?" confirm="Delete" keep="Keep it" onConfirm={() => void remove()} />
      </div>
    </li>
  );
}

type ApiReview = NonNullable<Place['reviews']>[number];

/** What a signed-in reader may do with another traveler's review: comment on it, report it. */
function TravelerReviewActions({ review, others, asOwner, onCommented }: { review: ApiReview; others: ReadonlyMap<string, string>; asOwner: string | null; onCommented: () => void }) {
  const id = others.get(apiReviewKey(review));
  if (!id) return null;
  return (
    <div className="mt-2 flex flex-wrap items-start gap-x-3">
      <CommentOnReview reviewId={id} author={review.source_user} asOwner={asOwner} onPosted={onCommented} />
      <ReportReview reviewId={id} author={review.source_user} />
    </div>
  );
}

/**
 * The place's reviews with the reader's part: signed out, an invitation to sign in and write one; signed in, their own
 * reviews with Edit and Delete, and the form. Every change refreshes the place's details, whose figures count it.
 */
export function TravelerReviews({ place }: { place: Place }) {
  const queryClient = useQueryClient();
  const reviews = useQuery(placeReviewsQuery(place.id));
  const [form, setForm] = useState<'new' | ReviewView | null>(null);
  const [refusedPhotos, setRefusedPhotos] = useState<string[]>([]);
  const mine = reviews.data?.data.filter((r) => r.mine) ?? [];
  const viewer = reviews.data?.viewer;
  const withRv = place.tags.some((t) => RV_TAGS.has(t.public_id));
  // Travelers' reviews of others, by their author's page and visit (the Place API's reviews carry no id).
  const otherReviews = new Map((reviews.data?.data ?? []).filter((r) => !r.mine).map((r) => [travelerKey(r.author.profile, r.visitedOn), r]));
  const others = new Map([...otherReviews].map(([key, r]) => [key, r.id]));

  const refresh = () => refreshPlaceReviews(queryClient, place.id);
  const changed = () => {
    setForm(null);
    setRefusedPhotos([]);
    refresh();
  };
  const saved = (refused: string[]) => {
    changed();
    setRefusedPhotos(refused);
  };

  return (
    <div className="flex flex-col gap-3">
      {viewer === null && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Been here?
          <SignInButton className="font-medium text-brand-700 underline hover:text-brand-800" />
          to write a review.
        </p>
      )}
      {viewer?.ownerMember && (
        <p className="text-sm text-slate-700" data-testid="answers-as-owner">
          {viewer.answersAs
            ? others.size > 0
              ? `${viewer.answersAs} owns this place: answer its travelers’ reviews as the owner below.`
              : `${viewer.answersAs} owns this place: when travelers review it here, you answer them as the owner.`
            : 'Your organization owns this place: its administrators and the members who keep its listings answer its reviews.'}
        </p>
      )}
      {viewer && !viewer.ownerMember && form === null && (
        <button type="button" onClick={() => setForm('new')} className="self-start rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
          Write a review
        </button>
      )}
      {form !== null && (
        // One form per review edited: its fields start from that review.
        <ReviewForm key={form === 'new' ? 'new' : form.id} placeId={place.id} withRv={withRv} editing={form === 'new' ? null : form} onSaved={saved} onCancel={() => setForm(null)} />
      )}
      {refusedPhotos.length > 0 && (
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900" data-testid="refused-photos">
          <p>Your review is saved, but {refusedPhotos.length === 1 ? 'this photo was' : 'these photos were'} not added:</p>
          <ul className="ml-4 list-disc">
            {refusedPhotos.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      {mine.length > 0 && (
        <ul className="space-y-3" aria-label="Your reviews">
          {mine.filter((r) => form === null || form === 'new' || r.id !== form.id).map((r) => (
            <MyReview key={r.id} review={r} onEdit={() => setForm(r)} onDeleted={changed} />
          ))}
        </ul>
      )}
      <PlaceReviews
        place={place}
        exclude={new Set(mine.map((r) => travelerKey(r.author.profile, r.visitedOn)))}
        actions={viewer && (!viewer.ownerMember || viewer.answersAs) ? (review) => <TravelerReviewActions review={review} others={others} asOwner={viewer.answersAs} onCommented={refresh} /> : undefined}
        rvOf={(review) => otherReviews.get(apiReviewKey(review))?.rv}
      />
    </div>
  );
}
