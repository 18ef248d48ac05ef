import { angleBetween, EARTH_RADIUS_M } from '../geo';
import type { SourceRow } from '../store/types';

export type { SourceRow };

/**
 * Canonical ids of places imported from OpenStreetMap start here, apart from the generated places' (from 1,000,000)
 * and their previous ids' (from 500,000,000).
 */
export const OSM_FIRST_PLACE_ID = 10_000_000_000;

/** How far a remapped object may have moved and still be the same place. */
export const SAME_PLACE_METERS = 150;

/** An object of this import, before it has an id. */
export interface Candidate {
  key: string;
  kind: string;
  nameKey: string;
  lon: number;
  lat: number;
}

export interface IdAssignment {
  /** Parallel to the candidates. */
  ids: number[];
  /** Parallel to the candidates: how each got its id (rule 1, 2 or 3 below). */
  origin: ('same' | 'remapped' | 'new')[];
  previousIds: number[][];
  /** Place ids of the last import whose objects are gone, with nothing to merge into. */
  removed: number[];
  /** Place ids of the last import that merged into another place: now among its previous ids. */
  merged: number[];
  /** Ledger keys the import no longer has. */
  goneKeys: string[];
}

const CELL = 0.01;
const cellKey = (kind: string, nameKey: string, x: number, y: number) => `${kind}\u0000${nameKey}\u0000${x}\u0000${y}`;
const cellOf = (lon: number, lat: number) => [Math.floor(lon / CELL), Math.floor(lat / CELL)] as const;

/** Items by kind, name and 0.01-degree cell: the same place within 150 m is in its own cell or a neighbour. */
class NearIndex<T extends { kind: string; nameKey: string; lon: number; lat: number }> {
  private readonly cells = new Map<string, T[]>();

  add(item: T): void {
    const [x, y] = cellOf(item.lon, item.lat);
    const key = cellKey(item.kind, item.nameKey, x, y);
    const list = this.cells.get(key);
    if (list) list.push(item);
    else this.cells.set(key, [item]);
  }

  /** The nearest item of the same kind and name within SAME_PLACE_METERS that `accept` takes. */
  nearest(probe: { kind: string; nameKey: string; lon: number; lat: number }, accept: (item: T) => boolean): T | null {
    const [x, y] = cellOf(probe.lon, probe.lat);
    let best: T | null = null;
    let bestMeters = SAME_PLACE_METERS;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const item of this.cells.get(cellKey(probe.kind, probe.nameKey, x + dx, y + dy)) ?? []) {
          const meters = angleBetween(probe.lon, probe.lat, item.lon, item.lat) * EARTH_RADIUS_M;
          if (meters <= bestMeters && accept(item)) [best, bestMeters] = [item, meters];
        }
      }
    }
    return best;
  }
}

/**
 * Which canonical id each object of an import gets, so that ids last from import to import (docs/osm-import.md):
 * 1. the same object (type and id) keeps its place's id;
 * 2. else an object of the same kind and name within 150 m that the last import had and this one lacks (a point
 *    redrawn as an area, a node deleted and added again) hands over its id, the nearest first;
 * 3. else the object gets a new id, above every id the ledger has given;
 * 4. a place of the last import whose object is gone, with an object of the same kind and name within 150 m that
 *    kept or took another id, has merged into it: the survivor lists the gone place's id (and its previous ids) in
 *    `previous_ids`; any other gone place is removed.
 */
export function keepIds(ledger: Map<string, SourceRow>, candidates: Candidate[]): IdAssignment {
  const ids = new Array<number>(candidates.length).fill(0);
  const origin = new Array<IdAssignment['origin'][number]>(candidates.length).fill('new');
  // One shared empty list for the many without previous ids (a million empty arrays are 40 MB); copied before a push.
  const none: number[] = [];
  const previousIds = new Array<number[]>(candidates.length).fill(none);
  const present = new Set(candidates.map((c) => c.key));
  let nextId = OSM_FIRST_PLACE_ID;
  const orphans = new NearIndex<SourceRow>();
  const goneKeys: string[] = [];
  for (const row of ledger.values()) {
    nextId = Math.max(nextId, row.placeId + 1, ...row.previousIds.map((p) => p + 1));
    if (!present.has(row.key)) {
      orphans.add(row);
      goneKeys.push(row.key);
    }
  }
  const taken = new Set<string>();
  candidates.forEach((c, i) => {
    const same = ledger.get(c.key);
    if (same) {
      ids[i] = same.placeId;
      previousIds[i] = same.previousIds.length ? [...same.previousIds] : none;
      origin[i] = 'same';
      return;
    }
    const moved = orphans.nearest(c, (row) => !taken.has(row.key));
    if (moved) {
      taken.add(moved.key);
      ids[i] = moved.placeId;
      previousIds[i] = moved.previousIds.length ? [...moved.previousIds] : none;
      origin[i] = 'remapped';
    }
  });
  candidates.forEach((_, i) => {
    if (!ids[i]) ids[i] = nextId++;
  });
  const removed: number[] = [];
  const merged: number[] = [];
  const left = goneKeys.filter((key) => !taken.has(key));
  // Indexed only when a gone place is left to merge: a fresh import of a million places needs none.
  const survivors = new NearIndex<Candidate & { index: number }>();
  if (left.length) candidates.forEach((c, i) => survivors.add({ ...c, index: i }));
  for (const key of left) {
    const row = ledger.get(key)!;
    const survivor = survivors.nearest(row, () => true);
    if (survivor) {
      if (previousIds[survivor.index] === none) previousIds[survivor.index] = [];
      previousIds[survivor.index].push(row.placeId, ...row.previousIds);
      merged.push(row.placeId);
    } else {
      removed.push(row.placeId);
    }
  }
  for (const list of previousIds) if (list.length > 1) list.sort((a, b) => a - b);
  return { ids, origin, previousIds, removed, merged, goneKeys };
}
