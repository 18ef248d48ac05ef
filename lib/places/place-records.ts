import { lookup } from '@/lib/core/registry';
import { CHAINS } from './catalog';
import type { PlaceRecord } from './place-schema';
import { isoDate } from './status';
import { storedRecord } from './store/hits';
import type { PlaceStoreAdmin } from './store/types';

/**
 * One place's record, read and written whole: what owners' edits go through (issue 53). A write reaches every
 * instance as an import does, through the store's data version.
 */
export interface PlaceRecords {
  /** The place of this id or of one of its previous ids, read where writes go. */
  record(id: number): Promise<PlaceRecord | null>;
  replace(record: PlaceRecord): Promise<void>;
}

export const PLACE_RECORDS = 'places.records';

/** The Place API's records, once it started; undefined before. */
export function placeRecords(): PlaceRecords | undefined {
  return lookup<PlaceRecords>(PLACE_RECORDS);
}

export function storePlaceRecords(store: PlaceStoreAdmin, now: () => Date = () => new Date()): PlaceRecords {
  return {
    async record(id) {
      const stored = await store.detailsForWrite(id);
      if (!stored) return null;
      const chain = CHAINS.find((c) => c.public_id === stored.chain) ?? null;
      return storedRecord({ ...stored, chain });
    },
    async replace(record) {
      await store.writePlaces([record], { today: isoDate(now()), replace: true });
    },
  };
}
