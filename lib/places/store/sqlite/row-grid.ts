import { lowerBound } from '../grid';
import { BUILD_CHUNK } from './point-grid';
import type { Db } from './schema';

/**
 * Whole rows of a small subset of places (the RV service providers, about one place in twenty) held in memory in
 * fine-cell order, so an area read is a few binary searches and a slice, with no per-row SQLite lookup.
 * Immutable: a change to the data means a new grid (see MemoryIndex).
 */
export class RowGrid<Row extends unknown[]> {
  private constructor(
    private readonly cells: Int32Array,
    private readonly rows: Row[],
  ) {}

  /** `sql` selects the fine cell first, then the row's columns, ordered by the fine cell. */
  static *build<Row extends unknown[]>(db: Db, sql: string): Generator<void, RowGrid<Row>> {
    const cells: number[] = [];
    const rows: Row[] = [];
    for (const r of db.prepare(sql).raw(true).iterate() as Iterable<unknown[]>) {
      cells.push(r[0] as number);
      rows.push(r.slice(1) as Row);
      if (rows.length % BUILD_CHUNK === 0) yield;
    }
    return new RowGrid(Int32Array.from(cells), rows);
  }

  /** The ids (the first column) of the rows that pass `test`, in the grid's order. */
  idsWhere(test: (row: Row) => boolean): number[] {
    const out: number[] = [];
    for (const r of this.rows) if (test(r)) out.push(r[0] as number);
    return out;
  }

  /** Rows in the fine cell ranges: a superset of the area, which the caller narrows. */
  rowsIn(ranges: [number, number][]): Row[] {
    const out: Row[] = [];
    for (const [a, b] of ranges) {
      const end = lowerBound(this.cells, b + 1);
      for (let i = lowerBound(this.cells, a); i < end; i++) out.push(this.rows[i]);
    }
    return out;
  }
}
