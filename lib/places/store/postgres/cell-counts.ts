import type { Queryable } from '@/lib/db/postgres/cluster';
import type { EachCount } from '../cell-walk';
import { eachCellIn } from '../grid';
import { int32sOf, packedInt4Sql } from './packed';

interface KeyCounts {
  cells: Int32Array;
  counts: Int32Array;
  /** The data version these counts were read at. */
  version: number;
}

/**
 * The count table, one key at a time, cached in this instance as sorted typed arrays. A cache, never a second
 * source of truth. Each key is read together with the data version of the same snapshot; when the version moves
 * (LISTEN/NOTIFY, or the version poll), keys read at an older version are read again, so a replica that has not yet
 * replayed a change is asked again on the next search rather than trusted for good.
 */
export class PgCellCounts {
  private readonly byKey = new Map<number, KeyCounts>();
  private readonly loading = new Map<number, Promise<KeyCounts>>();
  private wanted = 0;

  /** The newest data version known to exist. */
  get version(): number {
    return this.wanted;
  }

  /** Marks counts older than `version` for reading again; true when that is news. */
  advance(version: number): boolean {
    if (version <= this.wanted) return false;
    this.wanted = version;
    return true;
  }

  /** Loads the keys a search will walk; `each` is synchronous after this. */
  async ensure(db: Queryable, keys: number[]): Promise<void> {
    await Promise.all(keys.filter((k) => (this.byKey.get(k)?.version ?? -1) < this.wanted).map((k) => this.load(db, k)));
  }

  private load(db: Queryable, key: number): Promise<KeyCounts> {
    let p = this.loading.get(key);
    if (!p) {
      p = db
        .query<{ version: string; cells: Buffer | null; counts: Buffer | null }>(
          `SELECT (SELECT value FROM places_meta WHERE key = 'version') AS version,
                  ${packedInt4Sql('cell', 'cell')} AS cells, ${packedInt4Sql('n', 'cell')} AS counts
           FROM cell_counts WHERE key = $1`,
          [key],
        )
        .then((r) => {
          const row = r.rows[0];
          const k = { cells: int32sOf(row.cells), counts: int32sOf(row.counts), version: Number(row.version) };
          this.advance(k.version);
          this.byKey.set(key, k);
          return k;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, p);
    }
    return p;
  }

  readonly each: EachCount = (key, from, to, fn) => {
    const k = this.byKey.get(key);
    if (!k) throw new Error(`count key ${key} was not loaded`);
    eachCellIn(k.cells, k.counts, from, to, fn);
  };
}
