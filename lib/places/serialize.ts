import type { AccountView } from './auth/account';
import type { NamedId } from './catalog';
import type { PlaceDetailHit, PlaceHit, SearchResult } from './store/types';
import { type ReviewTally, type TravelerSummary, withReviews } from './traveler-content';
import type { Image, Review } from './contract/schemas';

/** Travelers' reviews and photos merged into a place's details: theirs first, then the dataset's. */
export interface TravelerReviews {
  reviews: Review[];
  tally: ReviewTally;
  images: Image[];
}

/**
 * A search body (an open JSON object) with its engagement counting the travelers' reviews and their photos first in
 * its images; parsed only for the places travelers added to.
 */
function bodyWithTravelers(body: string, travelers: TravelerSummary | undefined): string {
  if (!travelers?.tally?.count && !travelers?.images?.length) return body;
  const place = JSON.parse(`${body}}`) as { engagement: { rating_count: number; avg_rating: number }; images: Image[] };
  place.engagement = withReviews(place.engagement, travelers.tally);
  if (travelers.images?.length) place.images = [...travelers.images, ...place.images];
  return JSON.stringify(place).slice(0, -1);
}

/**
 * Builds response bodies from pre-serialized places: the account-dependent parts (visible tags and chain,
 * rv_service), `distance` and the route fields are appended as text, so a search never parses or re-stringifies whole places.
 */
export class Serializer {
  private readonly tagJson: Map<string, string>;
  private readonly chainJson: Map<string, string>;

  constructor(
    private readonly account: AccountView,
    tags: NamedId[],
    chains: NamedId[],
  ) {
    this.tagJson = new Map(tags.filter((t) => account.tagVisible(t.public_id)).map((t) => [t.public_id, JSON.stringify(t)]));
    this.chainJson = new Map(chains.filter((c) => account.chainVisible(c.public_id)).map((c) => [c.public_id, JSON.stringify(c)]));
  }

  private tail(hit: PlaceHit): string {
    let tags = '';
    for (const t of hit.tags) {
      const json = this.tagJson.get(t);
      if (json) tags += tags ? `,${json}` : json;
    }
    let out = `,"status":${hit.status},"tags":[${tags}],"chain":${(hit.chain && this.chainJson.get(hit.chain)) || 'null'}`;
    if (this.account.config.rv_service) out += `,"rv_service":${hit.rvService ?? 'null'}`;
    return out;
  }

  place(hit: PlaceHit, travelers?: TravelerSummary): string {
    const route = hit.route ? `,"route_offset":${hit.route.offset},"route_distance":${hit.route.distance}` : '';
    return `${bodyWithTravelers(hit.body, travelers)}${this.tail(hit)}${hit.distance === null ? '' : `,"distance":${hit.distance}`}${route}}`;
  }

  search(result: SearchResult, travelers?: ReadonlyMap<number, TravelerSummary>): string {
    return `{"data":[${result.hits.map((h) => this.place(h, travelers?.get(h.id))).join(',')}],"meta":{"total":${result.total}}}`;
  }

  /** Details: the search form plus the detail-only fields (one place, so parsing it here costs little). */
  details(hit: PlaceDetailHit, travelers?: TravelerReviews): string {
    const place = JSON.parse(`${hit.body}${this.tail(hit)}}`) as Record<string, unknown> & { engagement: { rating_count: number; avg_rating: number }; images: Image[] };
    const extra = JSON.parse(hit.detail) as Record<string, unknown> & { reviews: Review[] };
    const { icon, visits, reviews, ...rest } = extra;
    const engagement = { ...withReviews(place.engagement, travelers?.tally), visits };
    const images = [...(travelers?.images ?? []), ...place.images];
    // Places stored before owners existed have no owner_updated_on.
    return JSON.stringify({ data: { ...place, images, icon, engagement, owner_updated_on: null, ...rest, reviews: [...(travelers?.reviews ?? []), ...reviews] } });
  }
}
