import type { HealthChecks } from '@/lib/core/health';
import type { NamedId } from '../catalog';
import type { PlaceRecord } from '../place-schema';
import type { OpenPlaceJson } from './place-columns';
import type { ReviewTally } from '../traveler-content';
import type { SourceLedger, SourceRow } from './source-ledger';

export { NO_PREVIOUS_IDS, type SourceLedger, type SourceRow } from './source-ledger';

export type SortKey = 'distance' | 'relevance' | 'rating' | 'name' | 'route';

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
  /** A corridor: every point within `buffer` meters of the route line (points longitude first). */
  route?: { points: { lon: number; lat: number }[]; buffer: number };
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
  body: OpenPlaceJson;
  status: string;
  tags: string[];
  chain: string | null;
  rvService: string | null;
  /** Meters from the center, rounded to 0.1; null when the search had no center. */
  distance: number | null;
  /** Meters along the route to the place's nearest point of it, and meters from it, rounded to 0.1; null without a route. */
  route: { offset: number; distance: number } | null;
}

/** The stored columns a hit is made from, the same on every engine. */
export interface StoredPlaceRow {
  id: number;
  body: OpenPlaceJson;
  status: string;
  tags: number;
  chain: number;
  rv_json: string | null;
}

export interface PlaceDetailHit extends PlaceHit {
  /** JSON of the detail-only parts: icon, visits, previous_ids, restaurant_details, reviews, regions_hierarchy. */
  detail: string;
}

export interface SearchResult {
  total: number;
  hits: PlaceHit[];
}

/**
 * A viewport over a search (the cluster aggregate): `box` may cross the antimeridian (west > east). `cells` is the
 * finest whole-cell count the caller can place well: the count table's 0.1-degree cells ('coarse'), its 0.02-degree
 * cells ('fine'), or none (every match as a place).
 */
export interface ViewQuery {
  box: { north: number; south: number; east: number; west: number };
  cells: 'coarse' | 'fine' | 'none';
}

/** A cell of one of the count grids (scale 10 or 50 cells a degree) whose every place matches, and how many there are. */
export interface CellCount {
  cell: number;
  scale: number;
  n: number;
}

/** The matches of a search inside a viewport: whole cells where the count table answers, single places elsewhere. */
export interface ViewMatches {
  cells: CellCount[];
  points: { id: number; lon: number; lat: number }[];
}

export interface RvLists {
  serviced_makes: string[];
  rv_types: string[];
  available_services: string[];
}

/** What the HTTP layer needs from a place store: the read side, the same on every engine. */
export interface PlaceStore {
  search(query: SearchQuery): Promise<SearchResult>;
  /** By current id or by any of the place's previous ids. */
  details(id: number): Promise<PlaceDetailHit | null>;
  /**
   * The places of several ids (current or previous, as `details` resolves them) in one read, in their search form
   * (no distance): keyed by the id asked, ids not found left out.
   */
  places(ids: number[]): Promise<Map<number, PlaceHit>>;
  tags(): Promise<NamedId[]>;
  chains(): Promise<NamedId[]>;
  rvLists(): Promise<RvLists>;
  count(): Promise<number>;
  /** Every match of the search inside the viewport, once: `cells` and `points` add up to the viewport's total. */
  viewMatches(query: SearchQuery, view: ViewQuery): Promise<ViewMatches>;
  /** The names of places by id (ids not found are left out). */
  names(ids: number[]): Promise<Map<number, string>>;
  close(): void | Promise<void>;
}

export type PlaceEngine = 'sqlite' | 'postgres';

export type { HealthChecks };

export interface WriteOptions {
  today: string;
  /** Replace places whose id is already stored (imports); a seed of an empty store passes false. */
  replace: boolean;
  /** Called now and then with the number of places written so far. */
  onProgress?: (written: number) => void;
}

export interface SeedMeta {
  baseUrl: string;
  today: string;
  seed: number;
}

/**
 * The write and operations side of a place store: start-up, writes and health. Nothing outside `store/<engine>/`
 * names an engine; `openPlaceStore` (store/index.ts) picks one from the configuration.
 */
export interface PlaceStoreAdmin extends PlaceStore {
  readonly engine: PlaceEngine;
  /**
   * Writes places all or nothing. A PlaceWriteError carries `index`, the position of the offending record; nothing
   * is written then.
   */
  writePlaces(records: Iterable<PlaceRecord>, options: WriteOptions): Promise<number>;
  /** A place's details as read where writes go (PostgreSQL's primary, not a replica): for a write built on them. */
  detailsForWrite(id: number): Promise<PlaceDetailHit | null>;
  /** The import ledger: the OpenStreetMap objects the places came from, by key. */
  placeSources(): Promise<SourceLedger>;
  /** Writes an import's changes and its ledger all or nothing (a PlaceWriteError as `writePlaces`); returns places written. */
  applyImport(change: SourceImport, options: Omit<WriteOptions, 'replace'>): Promise<number>;
  /**
   * Counts travelers' visible reviews (by place) into the sort columns of `relevance` and `rating`, writing only the
   * places whose tally changed since the last call (a place left out: its reviews are gone). Returns the places
   * written. An import writes the dataset's figures and forgets what was counted in: the next call counts it again.
   */
  applyTravelerTallies(tallies: ReadonlyMap<number, ReviewTally>): Promise<number>;
  /** Records what a seed generated (its base URL, date and seed), after writing it. */
  markSeeded(meta: SeedMeta): Promise<void>;
  /** The day a demo seed generated the places, or null when they were imported: pages label generated data as such. */
  generatedOn(): Promise<string | null>;
  /** Brings derived data up to date at start: statuses as of today, image URLs after a change of base URL. */
  refresh(today: string, baseUrl: string): Promise<void>;
  /** Loads caches before the first request. */
  warm(): Promise<void>;
  /** Whether searches can be answered now. */
  ready(): boolean;
  /** Named checks for /healthz (a replica skipped is named here without making the store unready). */
  health(): HealthChecks;
  /** One line for the start-up log: the engine and where its data is. */
  describe(): string;
  /** Runs `fn` while no other instance on the same store runs one of the same name (the demo seed). */
  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

/** One import's changes, written all or nothing. */
export interface SourceImport {
  /** Remove every place first (the generated demo places a real import replaces) and stop calling the data generated. */
  replaceAll: boolean;
  /** Place ids to delete (objects gone, or merged into another place). */
  remove: number[];
  /** Places to write: changed ones replace the place of the same id (`replace`), new ones (and all after `replaceAll`) are only inserted. */
  records: Iterable<{ place: PlaceRecord; replace: boolean }>;
  /** Ledger rows to write (made as they are written: a country's million rows are not held at once), how many, and ledger keys to forget. */
  sources: Iterable<SourceRow>;
  sourceCount: number;
  forgetSources: string[];
}
