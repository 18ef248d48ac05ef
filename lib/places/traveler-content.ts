import { lookup } from '@/lib/core/registry';
import type { Image, Review } from './contract/schemas';

/** A place's visible traveler reviews counted: what they add to its `engagement`. */
export interface ReviewTally {
  count: number;
  ratingSum: number;
}

/**
 * What travelers wrote about places, as the Place API merges it into its answers. The reviews subsystem publishes one
 * (lib/reviews/server.ts); without it the API answers with the dataset's figures and reviews alone.
 */
export interface TravelerContent {
  /** Visible reviews counted by place, for the places asked (absent: none). */
  tallies(placeIds: readonly number[]): Promise<Map<number, ReviewTally>>;
  /** Travelers' photos of these places in the API's shape, the newest first, by place (absent: none). */
  photos(placeIds: readonly number[]): Promise<Map<number, Image[]>>;
  /** Visible reviews counted for every place that has some: what the search order counts in. */
  allTallies(): Promise<Map<number, ReviewTally>>;
  /** A place's visible reviews in the API's shape, the latest visit first, with their tally, and its photos, the newest first. */
  placeContent(placeId: number): Promise<{ reviews: Review[]; tally: ReviewTally; images: Image[] }>;
}

export const TRAVELER_CONTENT = 'places.traveler-content';

export function travelerContent(): TravelerContent | undefined {
  return lookup<TravelerContent>(TRAVELER_CONTENT);
}

export interface Engagement {
  rating_count: number;
  avg_rating: number;
}

/**
 * A place's figures with its travelers' visible reviews counted in: the ratings the dataset brought, weighted by their
 * count, and the reviews' stars. One decimal, as the dataset's; 0 when there is no rating at all.
 */
export function withReviews<E extends Engagement>(base: E, tally: ReviewTally | undefined): E {
  if (!tally?.count) return base;
  const count = base.rating_count + tally.count;
  const average = (base.avg_rating * base.rating_count + tally.ratingSum) / count;
  // The rest of the figures (a place's details carry `visits`) as they were.
  return { ...base, rating_count: count, avg_rating: Math.round(average * 10) / 10 };
}

/** What travelers added to a place of a search page or batch read: their reviews counted, their photos. */
export interface TravelerSummary {
  tally?: ReviewTally;
  images?: Image[];
}

/** The summaries of these places (absent: nothing added), the tallies and photos read together; none without reviews. */
export async function travelerSummaries(placeIds: readonly number[]): Promise<Map<number, TravelerSummary>> {
  const content = travelerContent();
  const summaries = new Map<number, TravelerSummary>();
  if (!content || !placeIds.length) return summaries;
  const [tallies, photos] = await Promise.all([content.tallies(placeIds), content.photos(placeIds)]);
  for (const [id, tally] of tallies) summaries.set(id, { tally });
  for (const [id, images] of photos) summaries.set(id, { ...summaries.get(id), images });
  return summaries;
}
