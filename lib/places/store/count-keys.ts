import { STANDARD_TAGS } from '../catalog';
import { cellOf, FINE } from './grid';

/** Count-table keys, the same on every engine: all places, RV providers, one per tag bit, one per chain code. */
export const COUNT_ALL = 0;
export const COUNT_RV = 1;
export const countKeyForTag = (bit: number) => 100 + bit;
export const countKeyForChain = (code: number) => 1000 + code;
/** The same keys on the fine grid. */
export const FINE_KEY = 100_000;

/** Count-table changes gathered over a write, applied once per (key, cell) at the end. */
export class CountDeltas {
  private readonly deltas = new Map<string, number>();

  add(lon: number, lat: number, tags: number, chain: number, rv: number, delta: number): void {
    const cell = cellOf(lon, lat);
    const fine = cellOf(lon, lat, FINE);
    const bump = (key: number) => {
      for (const k of [`${key}:${cell}`, `${key + FINE_KEY}:${fine}`]) this.deltas.set(k, (this.deltas.get(k) ?? 0) + delta);
    };
    bump(COUNT_ALL);
    if (rv) bump(COUNT_RV);
    if (chain) bump(countKeyForChain(chain));
    for (let bit = 0; bit < STANDARD_TAGS.length; bit++) if (tags & (1 << bit)) bump(countKeyForTag(bit));
  }

  /** [key, cell, change] for every non-zero change; empties the set. */
  take(): [number, number, number][] {
    const out: [number, number, number][] = [];
    for (const [k, n] of this.deltas) {
      if (n === 0) continue;
      const sep = k.indexOf(':');
      out.push([Number(k.slice(0, sep)), Number(k.slice(sep + 1)), n]);
    }
    this.deltas.clear();
    return out;
  }
}
