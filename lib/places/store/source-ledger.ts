import { ensureLength, NumberIndex, StringColumn } from '@/lib/core/typed-columns';

/** The previous ids of the many ledger rows that have none: one list, frozen, for a million rows (readers copy before adding). */
export const NO_PREVIOUS_IDS: number[] = Object.freeze([]) as unknown as number[];

/** What the last import knew of one OpenStreetMap object (the store's import ledger, `place_sources`). */
export interface SourceRow {
  /** `n123`, `w456`, `r789`: the object's type and id. */
  key: string;
  placeId: number;
  /** A digest of the place record the object gave: an unchanged object is not written again. */
  digest: string;
  kind: string;
  nameKey: string;
  lon: number;
  lat: number;
  previousIds: number[];
}

const TYPES = ['n', 'w', 'r'];

/** An OpenStreetMap object's key (`n123`, `w456`, `r789`) as one number: its id times four plus its type's code. */
export function osmKeyCode(key: string): number {
  const type = TYPES.indexOf(key[0]);
  const id = Number(key.slice(1));
  if (type < 0 || !/^\d+$/.test(key.slice(1)) || !Number.isSafeInteger(id * 4)) throw new Error(`not an OpenStreetMap object's key: ${key}`);
  return id * 4 + type + 1;
}

export function osmKeyText(code: number): string {
  return `${TYPES[(code % 4) - 1]}${Math.floor(code / 4)}`;
}

const DIGEST_BYTES = 20;

/**
 * The store's import ledger (`place_sources`) as an import reads it: a row per object of the last import, in typed
 * columns found by the object's key, about 80 bytes a row where a Map of row objects took 300 (a country's millions
 * of rows would not fit in an importer's memory otherwise).
 */
export class SourceLedger {
  private keys = new Float64Array(1024);
  private placeIds = new Float64Array(1024);
  private digests = new Uint8Array(DIGEST_BYTES * 1024);
  private kindCodes = new Uint16Array(1024);
  private readonly kinds: string[] = [];
  private readonly kindCode = new Map<string, number>();
  private readonly names = new StringColumn();
  private lons = new Float64Array(1024);
  private lats = new Float64Array(1024);
  /** Previous ids of the few rows that have any, by row. */
  private readonly previous = new Map<number, number[]>();
  private readonly index = new NumberIndex();
  private count = 0;
  private highest = 0;

  static of(rows: Iterable<SourceRow>): SourceLedger {
    const ledger = new SourceLedger();
    for (const row of rows) ledger.add(row);
    return ledger;
  }

  get size(): number {
    return this.count;
  }

  add(row: SourceRow): void {
    const i = this.count++;
    this.keys = ensureLength(this.keys, this.count);
    this.placeIds = ensureLength(this.placeIds, this.count);
    this.digests = ensureLength(this.digests, this.count * DIGEST_BYTES);
    this.kindCodes = ensureLength(this.kindCodes, this.count);
    this.lons = ensureLength(this.lons, this.count);
    this.lats = ensureLength(this.lats, this.count);
    this.keys[i] = osmKeyCode(row.key);
    this.placeIds[i] = row.placeId;
    Buffer.from(this.digests.buffer).write(row.digest, i * DIGEST_BYTES, DIGEST_BYTES, 'hex');
    let kind = this.kindCode.get(row.kind);
    if (kind === undefined) this.kindCode.set(row.kind, (kind = this.kinds.push(row.kind) - 1));
    this.kindCodes[i] = kind;
    this.names.push(row.nameKey);
    this.lons[i] = row.lon;
    this.lats[i] = row.lat;
    if (row.previousIds.length) this.previous.set(i, [...row.previousIds]);
    this.highest = Math.max(this.highest, row.placeId, ...row.previousIds);
    this.index.set(this.keys[i], i);
  }

  /** The row of an object's key, or -1. */
  find(keyCode: number): number {
    return this.index.get(keyCode);
  }

  keyCode(row: number): number {
    return this.keys[row];
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
    return {
      key: osmKeyText(this.keys[i]),
      placeId: this.placeIds[i],
      digest: this.digest(i),
      kind: this.kinds[this.kindCodes[i]],
      nameKey: this.names.get(i),
      lon: this.lons[i],
      lat: this.lats[i],
      previousIds: this.previousIds(i),
    };
  }

  *rows(): Generator<SourceRow> {
    for (let i = 0; i < this.count; i++) yield this.row(i);
  }
}
