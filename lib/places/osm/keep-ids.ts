import { angleBetween, EARTH_RADIUS_M } from '../geo';
import type { SourceLedger } from '../store/source-ledger';
import type { SourceRow } from '../store/types';
import type { Candidate, CandidateList } from '../store/candidate-list';

export type { SourceRow };

/**
 * Canonical ids of places imported from OpenStreetMap start here, apart from the generated places' (from 1,000,000)
 * and their previous ids' (from 500,000,000).
 */
export const OSM_FIRST_PLACE_ID = 10_000_000_000;

/** How far a remapped object may have moved and still be the same place. */
export const SAME_PLACE_METERS = 150;

/** How an object got its id (rule 1, 2 or 3 below). */
export type IdOrigin = 'same' | 'remapped' | 'new';
const ORIGINS: readonly IdOrigin[] = ['new', 'same', 'remapped'];

/**
 * Each object's id, parallel to the candidates, in typed columns (8 bytes and one byte an object, off the heap); the
 * previous ids of the few that have any in a map.
 */
export class IdAssignment {
  readonly ids: Float64Array;
  private readonly origins: Uint8Array;
  private readonly previous = new Map<number, number[]>();
  /** Place ids of the last import whose objects are gone, with nothing to merge into. */
  readonly removed: number[] = [];
  /** Place ids of the last import that merged into another place: now among its previous ids. */
  readonly merged: number[] = [];
  /** Ledger keys the import no longer has. */
  goneKeys: string[] = [];

  constructor(readonly length: number) {
    this.ids = new Float64Array(length);
    this.origins = new Uint8Array(length);
  }

  origin(i: number): IdOrigin {
    return ORIGINS[this.origins[i]];
  }

  previousIds(i: number): readonly number[] {
    return this.previous.get(i) ?? [];
  }

  /** Gives object `i` the id of a place of the last import, with that place's previous ids. */
  keep(i: number, origin: 'same' | 'remapped', id: number, previousIds: readonly number[]): void {
    this.ids[i] = id;
    this.origins[i] = ORIGINS.indexOf(origin);
    if (previousIds.length) this.previous.set(i, [...previousIds].sort((a, b) => a - b));
  }

  /** Adds a merged place's id and previous ids to object `i`'s previous ids, in order. */
  addPreviousIds(i: number, ids: readonly number[]): void {
    const list = [...this.previousIds(i), ...ids].sort((a, b) => a - b);
    this.previous.set(i, list);
  }
}

const CELL = 0.01;
const cellKey = (kind: string, nameKey: string, x: number, y: number) => `${kind}\u0000${nameKey}\u0000${x}\u0000${y}`;
const cellOf = (lon: number, lat: number) => [Math.floor(lon / CELL), Math.floor(lat / CELL)] as const;

/** The keys of the cells where an item's neighbours within 150 m are: its own and the eight around it. */
function* cellsAround(item: { kind: string; nameKey: string; lon: number; lat: number }): Generator<string> {
  const [x, y] = cellOf(item.lon, item.lat);
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) yield cellKey(item.kind, item.nameKey, x + dx, y + dy);
}

/** Items by kind, name and 0.01-degree cell: the same place within 150 m is in its own cell or a neighbour. */
class NearIndex<T extends { kind: string; nameKey: string; lon: number; lat: number }> {
  private readonly cells = new Map<string, T[]>();

  /** Whether an item in this cell could be near one of the index's. */
  covers(item: { kind: string; nameKey: string; lon: number; lat: number }): boolean {
    for (const key of cellsAround(item)) if (this.cells.has(key)) return true;
    return false;
  }

  add(item: T): void {
    const [x, y] = cellOf(item.lon, item.lat);
    const key = cellKey(item.kind, item.nameKey, x, y);
    const list = this.cells.get(key);
    if (list) list.push(item);
    else this.cells.set(key, [item]);
  }

  /** The nearest item of the same kind and name within SAME_PLACE_METERS that `accept` takes. */
  nearest(probe: { kind: string; nameKey: string; lon: number; lat: number }, accept: (item: T) => boolean): T | null {
    let best: T | null = null;
    let bestMeters = SAME_PLACE_METERS;
    for (const key of cellsAround(probe)) {
      for (const item of this.cells.get(key) ?? []) {
        const meters = angleBetween(probe.lon, probe.lat, item.lon, item.lat) * EARTH_RADIUS_M;
        if (meters <= bestMeters && accept(item)) [best, bestMeters] = [item, meters];
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
export function keepIds(ledger: SourceLedger, candidates: CandidateList): IdAssignment {
  const n = candidates.length;
  const assigned = new IdAssignment(n);
  // Rule 1, and the ledger's rows whose objects this import has: by the ledger's own index, none of the import's.
  const present = new Uint8Array(ledger.size);
  for (let i = 0; i < n; i++) {
    const same = ledger.find(candidates.keyCode(i));
    if (same === -1) continue;
    present[same] = 1;
    assigned.keep(i, 'same', ledger.placeId(same), ledger.previousIds(same));
  }
  let nextId = Math.max(OSM_FIRST_PLACE_ID, ledger.highestId() + 1);
  // The rows whose objects are gone, as objects: the few an update removes or redraws.
  const orphans = new NearIndex<SourceRow>();
  const gone: SourceRow[] = [];
  for (let row = 0; row < ledger.size; row++) {
    if (present[row]) continue;
    const orphan = ledger.row(row);
    orphans.add(orphan);
    gone.push(orphan);
  }
  const taken = new Set<string>();
  for (let i = 0; i < n && gone.length; i++) {
    if (assigned.ids[i]) continue;
    const moved = orphans.nearest(candidates.get(i), (row) => !taken.has(row.key));
    if (moved) {
      taken.add(moved.key);
      assigned.keep(i, 'remapped', moved.placeId, moved.previousIds);
    }
  }
  for (let i = 0; i < n; i++) if (!assigned.ids[i]) assigned.ids[i] = nextId++;
  const left = gone.filter((row) => !taken.has(row.key));
  // The candidates a gone place may merge into: those in the cells around one (none for a fresh import).
  const lefts = new NearIndex<SourceRow>();
  left.forEach((row) => lefts.add(row));
  const survivors = new NearIndex<Candidate & { index: number }>();
  if (left.length) {
    for (let i = 0; i < n; i++) {
      const c = candidates.get(i);
      if (lefts.covers(c)) survivors.add({ ...c, index: i });
    }
  }
  for (const row of left) {
    const survivor = survivors.nearest(row, () => true);
    if (survivor) {
      assigned.addPreviousIds(survivor.index, [row.placeId, ...row.previousIds]);
      assigned.merged.push(row.placeId);
    } else {
      assigned.removed.push(row.placeId);
    }
  }
  assigned.goneKeys = gone.map((row) => row.key);
  return assigned;
}
