import { eachCellIn } from '../grid';
import type { Db } from './schema';

interface KeyCounts {
  cells: Int32Array;
  counts: Int32Array;
}

/**
 * The count table, read through a per-key in-memory copy (sorted typed arrays): walking a 200 km circle then costs
 * binary searches instead of dozens of SQL range queries. Any commit, by this connection or another process
 * (the importer), changes the version and drops the copy.
 */
export class CellCounts {
  private byKey = new Map<number, KeyCounts>();
  private version = '';
  private readonly versionStmt;
  private readonly loadStmt;

  constructor(db: Db) {
    this.versionStmt = db.prepare("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes()").pluck();
    this.loadStmt = db.prepare('SELECT cell, n FROM cell_counts WHERE key = ? ORDER BY cell').raw(true);
  }

  /** Call once per search, before `each`; true when the data changed since the last call. */
  check(): boolean {
    const v = this.versionStmt.get() as string;
    if (v === this.version) return false;
    this.byKey.clear();
    this.version = v;
    return true;
  }

  /** Loads keys ahead of the first search (the whole-dataset keys are the large ones). */
  preload(keys: number[]): void {
    this.check();
    for (const key of keys) this.load(key);
  }

  private load(key: number): KeyCounts {
    let k = this.byKey.get(key);
    if (!k) {
      const rows = this.loadStmt.all(key) as [number, number][];
      k = { cells: Int32Array.from(rows, (r) => r[0]), counts: Int32Array.from(rows, (r) => r[1]) };
      this.byKey.set(key, k);
    }
    return k;
  }

  /** Calls `fn(cell, n)` for every non-empty cell of the key in [from, to], in cell order. */
  each(key: number, from: number, to: number, fn: (cell: number, n: number) => void): void {
    const { cells, counts } = this.load(key);
    eachCellIn(cells, counts, from, to, fn);
  }
}
