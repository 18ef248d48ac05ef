import Database from 'better-sqlite3';
import { errorMessage } from '@/lib/core/error-message';
import { logger } from '@/lib/core/logger';
import { PointGrid } from './point-grid';
import { RowGrid } from './row-grid';
import type { Db } from './schema';

export interface MemoryGrids<Row extends unknown[]> {
  points: PointGrid;
  rv: RowGrid<Row>;
}

export type MemoryIndexMode = 'background' | 'off';
export type MemoryIndexState = 'off' | 'empty' | 'loading' | 'ready';

const RETRY_AFTER_FAILURE_MS = 60_000;

/** Both grids from one read transaction, so they describe the same snapshot of the data. */
function* buildGrids<Row extends unknown[]>(db: Db, rvSql: string): Generator<void, MemoryGrids<Row>> {
  const own = !db.inTransaction;
  if (own) db.exec('BEGIN');
  try {
    const points = yield* PointGrid.build(db);
    const rv = yield* RowGrid.build<Row>(db, rvSql);
    return { points, rv };
  } finally {
    if (own && db.inTransaction) db.exec('COMMIT');
  }
}

function drain<T>(gen: Generator<void, T>): T {
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

/**
 * The in-memory grids that speed up searches, kept beside SQLite's own indexes (R*Tree, covering cell index), which
 * stay the source of truth and answer every search while the grids are missing or out of date. A build runs on a
 * second, read-only connection in chunks between requests, so neither a large store at start nor an import while
 * running stalls the server; a build is kept only if the data did not change while it ran.
 */
export class MemoryIndex<Row extends unknown[]> {
  private grids: MemoryGrids<Row> | null = null;
  private job: { cancel(): void } | null = null;
  private failedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly rvSql: string,
    private readonly mode: MemoryIndexMode,
  ) {}

  get state(): MemoryIndexState {
    if (this.mode === 'off') return 'off';
    return this.grids ? 'ready' : this.job ? 'loading' : 'empty';
  }

  /** The grids when current; otherwise null, after starting a background build. `isCurrent` checks for changes. */
  get(isCurrent: () => boolean): MemoryGrids<Row> | null {
    if (this.grids || this.mode === 'off') return this.grids;
    if (!this.job && Date.now() - this.failedAt > RETRY_AFTER_FAILURE_MS) this.startBuild(isCurrent);
    return null;
  }

  invalidate(): void {
    this.grids = null;
    this.job?.cancel();
    this.job = null;
  }

  /** Builds now, on the caller's connection (at start, before the first request). */
  buildNow(): void {
    if (this.mode === 'off' || this.grids) return;
    this.invalidate();
    this.grids = drain(buildGrids<Row>(this.db, this.rvSql));
  }

  close(): void {
    this.invalidate();
  }

  private startBuild(isCurrent: () => boolean): void {
    if (this.db.memory) {
      this.buildNow();
      return;
    }
    let reader: Db;
    try {
      reader = new Database(this.db.name, { readonly: true, fileMustExist: true });
    } catch (err) {
      this.fail(err);
      return;
    }
    const gen = buildGrids<Row>(reader, this.rvSql);
    let cancelled = false;
    const stop = () => {
      cancelled = true;
      if (reader.open) reader.close();
    };
    const step = () => {
      if (cancelled) return;
      let r: IteratorResult<void, MemoryGrids<Row>>;
      try {
        r = gen.next();
      } catch (err) {
        stop();
        this.job = null;
        this.fail(err);
        return;
      }
      if (!r.done) {
        setImmediate(step);
        return;
      }
      stop();
      this.job = null;
      if (isCurrent()) this.grids = r.value;
    };
    this.job = {
      cancel: () => {
        if (cancelled) return;
        gen.return(undefined as never);
        stop();
      },
    };
    setImmediate(step);
  }

  private fail(err: unknown): void {
    this.failedAt = Date.now();
    logger.warn('place search index build failed; SQLite indexes answer meanwhile', { error: errorMessage(err) });
  }
}
