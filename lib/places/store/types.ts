import type { NamedId } from '../catalog';

export type SortKey = 'distance' | 'relevance' | 'rating' | 'name';

export type LocationFilter = { kind: 'country'; code: string } | { kind: 'state'; code: string } | { kind: 'region'; id: number };

export interface RvFilter {
  makes?: string[];
  rvTypes?: string[];
  services?: string[];
  amenity?: string;
  rental?: boolean;
  association?: boolean;
  partner?: boolean;
}

export interface IdFilter {
  include: string[];
  exclude: string[];
}

/** A validated search, in the store's terms: every value already checked by the query parser. */
export interface SearchQuery {
  center?: { lon: number; lat: number };
  radius?: number;
  box?: { north: number; south: number; east: number; west: number };
  locations?: LocationFilter[];
  tags: IdFilter;
  chains: IdFilter;
  name?: string;
  culturalQuery?: string;
  minFidelity?: number;
  maxFidelity?: number;
  rv?: RvFilter;
  sort: SortKey;
  limit: number;
  offset: number;
}

/** One place of a result, pre-serialized: the HTTP layer adds the account-dependent parts. */
export interface PlaceHit {
  id: number;
  /** The place's JSON object text without its closing brace and without status, tags, chain, rv_service, distance. */
  body: string;
  status: string;
  tags: string[];
  chain: string | null;
  rvService: string | null;
  /** Meters from the center, rounded to 0.1; null when the search had no center. */
  distance: number | null;
}

export interface PlaceDetailHit extends PlaceHit {
  /** JSON of the detail-only parts: icon, visits, previous_ids, restaurant_details, reviews, regions_hierarchy. */
  detail: string;
}

export interface SearchResult {
  total: number;
  hits: PlaceHit[];
}

export interface RvLists {
  serviced_makes: string[];
  rv_types: string[];
  available_services: string[];
}

/** What the HTTP layer needs from a place store; a PostGIS backend would implement the same. */
export interface PlaceStore {
  search(query: SearchQuery): Promise<SearchResult>;
  /** By current id or by any of the place's previous ids. */
  details(id: number): Promise<PlaceDetailHit | null>;
  tags(): Promise<NamedId[]>;
  chains(): Promise<NamedId[]>;
  rvLists(): Promise<RvLists>;
  count(): Promise<number>;
  close(): void;
}
