import type Database from 'better-sqlite3';
import type { Deadline } from '../deadline';

type Statement = Database.Statement<unknown[], unknown>;

/** Ids in ascending order, in batches, from just after a given id. */
export type IdBatches = (after: number) => Iterable<number[]>;

/** Ids read per batch: about 2 ms of an index read at a million places. */
export const ID_BATCH = 16_384;
/** Cut reads kept for their next search at most; each holds at most the ids of one location. */
const MAX_STARTED = 8;
const BEFORE_EVERY_ID = Number.MIN_SAFE_INTEGER;

/** Pages of a statement that takes `(...params, after, limit)` and returns ids above `after` in order. */
export function pagedIds(stmt: Statement, params: unknown[], size = ID_BATCH): IdBatches {
  return function* (after) {
    for (;;) {
      const batch = stmt.all(...params, after, size) as number[];
      if (batch.length) yield batch;
      if (batch.length < size) return;
      after = batch[batch.length - 1];
    }
  };
}

/**
 * Id lists read under a search's deadline, which is checked after each batch: a country's hundreds of thousands of ids
 * take 0.06 to 0.1 s at a million places, on the server's one thread, and more with more places. A read the
 * deadline cuts answers 503 but keeps what it read, and the next search of the same key goes on after its last id,
 * so a long read is spread over several searches instead of being lost each time. Cleared when the data changes.
 */
export class ResumableIdReads {
  private readonly started = new Map<string, number[]>();

  read(key: string, batchesAfter: IdBatches, deadline: Deadline): number[] {
    const ids = this.started.get(key) ?? [];
    this.started.delete(key);
    try {
      for (const batch of batchesAfter(ids.length ? ids[ids.length - 1] : BEFORE_EVERY_ID)) {
        for (const id of batch) ids.push(id);
        deadline.checkNow();
      }
    } catch (err) {
      if (this.started.size >= MAX_STARTED) this.started.delete(this.started.keys().next().value!);
      this.started.set(key, ids);
      throw err;
    }
    return ids;
  }

  /** Reads cut short and not yet finished. */
  get pending(): number {
    return this.started.size;
  }

  clear(): void {
    this.started.clear();
  }
}
