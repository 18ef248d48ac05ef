import { ensureLength, StringColumn } from '@/lib/core/typed-columns';

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

/** An OpenStreetMap object as an import matches it to a place (osm/keep-ids.ts): by key, or by kind, name and position. */
export interface Candidate {
  /** `n123`, `w456`, `r789`: the object's type and id. */
  key: string;
  kind: string;
  nameKey: string;
  lon: number;
  lat: number;
}

/** A CandidateList's columns, as they cross from a reading thread. */
export interface CandidateColumns {
  keys: Float64Array<ArrayBuffer>;
  kindCodes: Uint16Array<ArrayBuffer>;
  kinds: string[];
  lons: Float64Array<ArrayBuffer>;
  lats: Float64Array<ArrayBuffer>;
  names: { bytes: Uint8Array<ArrayBuffer>; ends: Uint32Array<ArrayBuffer> };
}

/** Objects in typed columns, in the order added (an import's, in the extract's order): about 45 bytes each, not a 230-byte object. */
export class CandidateList {
  private keys = new Float64Array(1024);
  private kindCodes = new Uint16Array(1024);
  private readonly kinds: string[] = [];
  private readonly kindCode = new Map<string, number>();
  private names = new StringColumn();
  private lons = new Float64Array(1024);
  private lats = new Float64Array(1024);
  private count = 0;

  static of(candidates: Iterable<Candidate>): CandidateList {
    const list = new CandidateList();
    for (const c of candidates) list.push(c);
    return list;
  }

  /**
   * The lists one after another, column by column in arrays of their exact size (pushing each object would leave
   * arrays grown by doubling, up to twice the room, for the whole import).
   */
  static concat(lists: CandidateList[]): CandidateList {
    if (lists.length === 1) return lists[0];
    const all = new CandidateList();
    const total = lists.reduce((n, list) => n + list.count, 0);
    [all.keys, all.kindCodes, all.lons, all.lats] = [new Float64Array(total), new Uint16Array(total), new Float64Array(total), new Float64Array(total)];
    let at = 0;
    for (const list of lists) {
      all.keys.set(list.keys.subarray(0, list.count), at);
      all.lons.set(list.lons.subarray(0, list.count), at);
      all.lats.set(list.lats.subarray(0, list.count), at);
      const codes = list.kinds.map((kind) => all.codeOf(kind));
      for (let i = 0; i < list.count; i++) all.kindCodes[at + i] = codes[list.kindCodes[i]];
      at += list.count;
    }
    all.names = StringColumn.concat(lists.map((list) => list.names));
    all.count = total;
    return all;
  }

  private codeOf(kind: string): number {
    let code = this.kindCode.get(kind);
    if (code === undefined) this.kindCode.set(kind, (code = this.kinds.push(kind) - 1));
    return code;
  }

  static fromColumns(columns: CandidateColumns): CandidateList {
    const list = new CandidateList();
    list.keys = columns.keys;
    list.kindCodes = columns.kindCodes;
    columns.kinds.forEach((kind, code) => (list.kinds.push(kind), list.kindCode.set(kind, code)));
    list.names = StringColumn.fromParts(columns.names);
    list.lons = columns.lons;
    list.lats = columns.lats;
    list.count = columns.keys.length;
    return list;
  }

  get length(): number {
    return this.count;
  }

  push(c: Candidate): void {
    const i = this.count++;
    this.keys = ensureLength(this.keys, this.count);
    this.kindCodes = ensureLength(this.kindCodes, this.count);
    this.lons = ensureLength(this.lons, this.count);
    this.lats = ensureLength(this.lats, this.count);
    this.keys[i] = osmKeyCode(c.key);
    this.kindCodes[i] = this.codeOf(c.kind);
    this.names.push(c.nameKey);
    this.lons[i] = c.lon;
    this.lats[i] = c.lat;
  }

  keyCode(i: number): number {
    return this.keys[i];
  }

  get(i: number): Candidate {
    return { key: osmKeyText(this.keys[i]), kind: this.kinds[this.kindCodes[i]], nameKey: this.names.get(i), lon: this.lons[i], lat: this.lats[i] };
  }

  /** Trimmed copies of the columns, for another thread. */
  columns(): CandidateColumns {
    return {
      keys: this.keys.slice(0, this.count),
      kindCodes: this.kindCodes.slice(0, this.count),
      kinds: [...this.kinds],
      lons: this.lons.slice(0, this.count),
      lats: this.lats.slice(0, this.count),
      names: this.names.parts(),
    };
  }
}
