import { z } from 'zod';
import type { DemoOrganization } from '@/lib/demo/organizations';
import { CHAINS, STANDARD_TAGS } from '../catalog';

/** What an API client may see and do: the account configuration behind "returned data can vary". */
export const accountConfigSchema = z.strictObject({
  /**
   * Tag public ids the client may see and filter by, or "all". A list also scopes the dataset: such a client finds
   * only places that carry at least one of its tags.
   */
  tags: z.union([z.literal('all'), z.array(z.string())]),
  chains: z.union([z.literal('all'), z.array(z.string())]),
  /** Whether `rv_service` data and the `rv_service_*` filters are available. */
  rv_service: z.boolean(),
  /** Largest `limit` accepted (at most the API's 100). */
  max_limit: z.number().int().min(1).max(100),
  /** Requests per minute; null: the default budget (DEFAULT_RATE_PER_MINUTE, or PLACES_DEFAULT_RATE_PER_MINUTE). Every client has one. */
  rate_limit_per_minute: z.number().int().positive().max(10_000_000).nullable(),
});

export type AccountConfig = z.infer<typeof accountConfigSchema>;

export { DEFAULT_RATE_PER_MINUTE } from '@/lib/config/client-budget';

export const FULL_ACCESS: AccountConfig = { tags: 'all', chains: 'all', rv_service: true, max_limit: 100, rate_limit_per_minute: null };

/**
 * The Explorer signs every visitor's search with this one client, so its limit is the whole site's, not a person's
 * (each visitor has a budget of their own in front of it: EXPLORER_RATE_PER_MINUTE), above an organization's default.
 */
export const PUBLIC_ACCESS: AccountConfig = { tags: 'all', chains: 'all', rv_service: false, max_limit: 50, rate_limit_per_minute: 30_000 };

const TOURISM_TAGS = [
  'points-of-interest', 'attractions', 'museums', 'parks', 'national-parks', 'beaches', 'hiking', 'viewpoints',
  'historic-sites', 'visitor-centers', 'restaurants', 'cafes', 'lodging', 'wineries', 'breweries', 'entertainment',
  'campgrounds',
];

const RV_TRAVEL_TAGS = [
  'campgrounds', 'rv-parks', 'dump-stations', 'propane', 'rv-service', 'rv-dealers', 'gas-stations', 'rest-areas',
  'groceries', 'national-parks',
];

export function demoAccountConfig(kind: DemoOrganization['kind']): AccountConfig {
  if (kind === 'tourism_office') return { tags: TOURISM_TAGS, chains: [], rv_service: false, max_limit: 100, rate_limit_per_minute: null };
  if (kind === 'rental_fleet') return { tags: RV_TRAVEL_TAGS, chains: 'all', rv_service: true, max_limit: 100, rate_limit_per_minute: null };
  return FULL_ACCESS;
}

/** A search as the account may run it: with a tag list, places outside the account's tags are not found. */
export function scopeSearchTags<Q extends { tags: { include: string[]; exclude: string[] } }>(q: Q, config: AccountConfig): Q {
  if (config.tags === 'all' || q.tags.include.length > 0) return q;
  return { ...q, tags: { ...q.tags, include: [...config.tags] } };
}

/** Whether a place with these tags is in the account's dataset: the same rule searches follow. */
export function placeInScope(placeTags: readonly string[], config: AccountConfig): boolean {
  if (config.tags === 'all') return true;
  const scope = config.tags;
  return placeTags.some((tag) => scope.includes(tag));
}

/** The account's view of the vocabularies, resolved once per request. */
export interface AccountView {
  config: AccountConfig;
  tagVisible(id: string): boolean;
  chainVisible(id: string): boolean;
}

export function accountView(config: AccountConfig): AccountView {
  const tags = config.tags === 'all' ? null : new Set(config.tags);
  const chains = config.chains === 'all' ? null : new Set(config.chains);
  return {
    config,
    tagVisible: (id) => (tags ? tags.has(id) : true),
    chainVisible: (id) => (chains ? chains.has(id) : true),
  };
}

export const KNOWN_TAG_IDS = new Set(STANDARD_TAGS.map((t) => t.public_id));
export const KNOWN_CHAIN_IDS = new Set(CHAINS.map((c) => c.public_id));
