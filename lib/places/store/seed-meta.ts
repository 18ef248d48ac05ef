import type { SeedMeta } from './types';

/** The metadata a seed leaves in a store, as key/value pairs: the same keys on every engine. */
export function seedMetaEntries(meta: SeedMeta): [string, string][] {
  return [
    ['base_url', meta.baseUrl.replace(/\/+$/, '')],
    ['status_as_of', meta.today],
    ['generated_on', meta.today],
    ['seed', String(meta.seed)],
  ];
}

/** The keys a copy between engines carries over. */
export const SEED_META_KEYS = ['base_url', 'status_as_of', 'generated_on', 'seed'];
