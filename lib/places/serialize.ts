import type { AccountView } from './auth/account';
import type { NamedId } from './catalog';
import type { PlaceDetailHit, PlaceHit, SearchResult } from './store/types';

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

  place(hit: PlaceHit): string {
    const route = hit.route ? `,"route_offset":${hit.route.offset},"route_distance":${hit.route.distance}` : '';
    return `${hit.body}${this.tail(hit)}${hit.distance === null ? '' : `,"distance":${hit.distance}`}${route}}`;
  }

  search(result: SearchResult): string {
    return `{"data":[${result.hits.map((h) => this.place(h)).join(',')}],"meta":{"total":${result.total}}}`;
  }

  /** Details: the search form plus the detail-only fields (one place, so parsing it here costs little). */
  details(hit: PlaceDetailHit): string {
    const place = JSON.parse(`${hit.body}${this.tail(hit)}}`) as Record<string, unknown> & { engagement: Record<string, unknown> };
    const extra = JSON.parse(hit.detail) as Record<string, unknown>;
    const { icon, visits, ...rest } = extra;
    return JSON.stringify({ data: { ...place, icon, engagement: { ...place.engagement, visits }, ...rest } });
  }
}
