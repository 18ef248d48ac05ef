import { ensureLength, NumberIndex } from '@/lib/core/typed-columns';
import { type Candidate, CandidateList } from './candidate-list';

/** The previous ids of the many ledger rows that have none: one list, frozen, for a million rows (readers copy before adding). */
export const NO_PREVIOUS_IDS: number[] = Object.freeze([]) as unknown as number[];

/** What the last import knew of one OpenStreetMap object (the store's import ledger, `place_sources`). */
export interface SourceRow extends Candidate {
  placeId: number;
  /** A digest of the place record the object gave: an unchanged object is not written again. */
  digest: string;
  previousIds: number[];
}

const DIGEST_BYTES = 20;

/**
 * The store's import ledger (`place_sources`) as an import reads it: a row per object of the last import, in typed
 * columns found by the object's key, about 80 bytes a row where a Map of row objects took 300 (a country's millions
 * of rows would not fit in an importer's memory otherwise).
 */
export class SourceLedger {
  /** The rows' objects: key, kind, name and position. */
  private readonly objects = new CandidateList();
  private placeIds = new Float64Array(1024);
  private digests = new Uint8Array(DIGEST_BYTES * 1024);
  /** Previous ids of the few rows that have any, by row. */
  private readonly previous = new Map<number, number[]>();
  private readonly index = new NumberIndex();
  private highest = 0;

  static of(rows: Iterable<SourceRow>): SourceLedger {
    const ledger = new SourceLedger();
    for (const row of rows) ledger.add(row);
    return ledger;
  }

  get size(): number {
    return this.objects.length;
  }

  add(row: SourceRow): void {
    const i = this.objects.length;
    this.objects.push(row);
    this.placeIds = ensureLength(this.placeIds, i + 1);
    this.digests = ensureLength(this.digests, (i + 1) * DIGEST_BYTES);
    this.placeIds[i] = row.placeId;
    Buffer.from(this.digests.buffer).write(row.digest, i * DIGEST_BYTES, DIGEST_BYTES, 'hex');
    if (row.previousIds.length) this.previous.set(i, [...row.previousIds]);
    this.highest = Math.max(this.highest, row.placeId, ...row.previousIds);
    this.index.set(this.objects.keyCode(i), i);
  }

  /** The row of an object's key, or -1. */
  find(keyCode: number): number {
    return this.index.get(keyCode);
  }

  keyCode(row: number): number {
    return this.objects.keyCode(row);
  }

  placeId(row: number): number {
    return this.placeIds[row];
  }

  digest(row: number): string {
    return Buffer.from(this.digests.buffer).toString('hex', row * DIGEST_BYTES, (row + 1) * DIGEST_BYTES);
  }

  previousIds(row: number): number[] {
    return this.previous.get(row) ?? NO_PREVIOUS_IDS;
  }

  /** The highest place id or previous id the ledger holds (0 when empty). */
  highestId(): number {
    return this.highest;
  }

  row(i: number): SourceRow {
    return { ...this.objects.get(i), placeId: this.placeIds[i], digest: this.digest(i), previousIds: this.previousIds(i) };
  }

  *rows(): Generator<SourceRow> {
    for (let i = 0; i < this.size; i++) yield this.row(i);
  }
}
