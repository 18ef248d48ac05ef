import type { Queryable } from '@/lib/db/postgres/cluster';
import type { EachCount } from '../cell-walk';

interface KeyCounts {
  cells: Int32Array;
  counts: Int32Array;
}

/**
 * The count table, one key at a time, cached in this instance as sorted typed arrays. A cache, never a second
 * source of truth: `reset()` drops it whenever the data version moves (LISTEN/NOTIFY, or the version poll).
 */
export class PgCellCounts {
  private byKey = new Map<number, KeyCounts>();
  private loading = new Map<number, Promise<KeyCounts>>();
  private generation = 0;

  reset(): void {
    this.byKey = new Map();
    this.loading = new Map();
    this.generation++;
  }

  /** Loads the keys a search will walk; `each` is synchronous after this. */
  async ensure(db: Queryable, keys: number[]): Promise<void> {
    await Promise.all(keys.filter((k) => !this.byKey.has(k)).map((k) => this.load(db, k)));
  }

  private load(db: Queryable, key: number): Promise<KeyCounts> {
    let p = this.loading.get(key);
    if (!p) {
      const generation = this.generation;
      p = db.query({ text: 'SELECT cell, n FROM cell_counts WHERE key = $1 ORDER BY cell', values: [key], rowMode: 'array' }).then((r) => {
        const rows = r.rows as [number, number][];
        const k = { cells: Int32Array.from(rows, (x) => x[0]), counts: Int32Array.from(rows, (x) => x[1]) };
        if (generation === this.generation) this.byKey.set(key, k);
        return k;
      });
      p.catch(() => this.loading.delete(key));
      this.loading.set(key, p);
    }
    return p;
  }

  readonly each: EachCount = (key, from, to, fn) => {
    const k = this.byKey.get(key);
    if (!k) throw new Error(`count key ${key} was not loaded`);
    const { cells, counts } = k;
    let lo = 0;
    let hi = cells.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cells[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < cells.length && cells[i] <= to; i++) fn(cells[i], counts[i]);
  };
}
