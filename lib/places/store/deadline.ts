import { appConfig } from '@/lib/config/runtime';
import { ApiError } from '../errors';

/**
 * The longest a search may run before it answers 503 (`PLACES_SEARCH_DEADLINE_MS`, read once with the configuration): the searches by
 * locations that neither the counts and ordered indexes nor the places held in memory (SQLite's point grid,
 * PostgreSQL's copy of the columns) answer (along a route, made while the grid or the copy is read, or on PostgreSQL
 * with the copy turned off) read every match, and at a million places a whole country takes seconds. On SQLite the
 * search runs on the server's one thread, so it checks the clock as it reads; on PostgreSQL the statement carries
 * the deadline as its `statement_timeout`.
 */
export function searchDeadlineMs(): number {
  return appConfig().placesSearchDeadlineMs;
}

export const deadlineExceeded = (ms: number) =>
  new ApiError('unavailable', `the search took longer than ${ms} ms and was stopped: narrow it (fewer or smaller locations, fewer filters)`);

export const rebuilding = (ms: number) =>
  new ApiError('unavailable', `the search index is being rebuilt after a change to the places, and this search would take longer than ${ms} ms without it: retry in a few seconds, or narrow it`);

/** Milliseconds from an arbitrary origin, read as a search goes: `performance.now` in the server. */
export type Clock = () => number;

/** Makes the deadline of each search; a store takes one so a test can run its searches on a clock it controls. */
export type DeadlineFactory = () => Deadline;

export const wallClockDeadline: DeadlineFactory = () => new Deadline();

/** A point in time on its clock after which `check` throws the 503. */
export class Deadline {
  private readonly at: number;
  private n = 0;

  constructor(
    readonly ms = searchDeadlineMs(),
    private readonly now: Clock = () => performance.now(),
  ) {
    this.at = now() + ms;
  }

  /** Cheap enough to call per row: reads the clock every 1,024 calls. */
  check(): void {
    if ((++this.n & 1023) === 0) this.checkNow();
  }

  /** Reads the clock: for callers that check once per batch of work rather than per row. */
  checkNow(): void {
    if (this.now() > this.at) throw deadlineExceeded(this.ms);
  }
}
