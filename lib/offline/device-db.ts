import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DehydratedState } from '@tanstack/react-query';
import type { TripChange } from '@/lib/trips/optimistic-view';
import type { TripView } from '@/lib/trips/view';

/** A trip kept on this device: what its page shows, as it was at `keptAt`, with the edits made here since applied. */
export interface KeptTrip {
  tripId: string;
  /** Whose device copy this is (`deviceOwnerKey`): only that person's pages read it. */
  owner: string;
  view: TripView;
  /** The page's place, overnight and "find along" answers at `keptAt`, for react-query to start from offline. */
  queries: DehydratedState;
  /** The images' URLs kept in the `kept-images` cache. */
  imageUrls: string[];
  /** The imported map's style and tiles along the route, kept in the `kept-map` cache (absent: none was kept). */
  map?: { styleUrl: string; urls: string[]; maxZoom: number };
  keptAt: string;
  /** The size kept on the device: the record, its images and its map. */
  bytes: number;
}

/** An edit made with no connection, waiting to be sent through the versioned PATCH in the order it was made. */
export interface QueuedEdit {
  seq?: number;
  tripId: string;
  owner: string;
  /** The version the edit was made on. */
  baseVersion: number;
  change: TripChange;
  at: string;
}

/** The Explorer's last results, for it to open with when there is no connection. */
export interface LastResults {
  key: 'last';
  /** The Explorer's URL query that showed them. */
  search: string;
  queries: DehydratedState;
  at: string;
}

interface DeviceSchema extends DBSchema {
  kept: { key: string; value: KeptTrip };
  outbox: { key: number; value: QueuedEdit; indexes: { byTrip: string } };
  explorer: { key: string; value: LastResults };
}

export const DEVICE_DB = 'trip-explorer-device';
export const KEPT_IMAGES_CACHE = 'kept-images';

let opening: Promise<IDBPDatabase<DeviceSchema>> | null = null;

/** The device's one IndexedDB database (one connection per page). */
export function deviceDb(): Promise<IDBPDatabase<DeviceSchema>> {
  opening ??= openDB<DeviceSchema>(DEVICE_DB, 1, {
    upgrade(db) {
      db.createObjectStore('kept', { keyPath: 'tripId' });
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('byTrip', 'tripId');
      db.createObjectStore('explorer', { keyPath: 'key' });
    },
    // Another tab opened a newer version: let it, and open again on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** Whether this browser can keep anything (private windows of some browsers refuse IndexedDB). */
export const deviceStorageAvailable = () => typeof indexedDB !== 'undefined' && typeof caches !== 'undefined';
