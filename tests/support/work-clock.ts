import type { Clock } from '@/lib/places/store/deadline';

/**
 * A clock that moves one millisecond each time it is read: a search deadline of N ms on it is a budget of N
 * readings (a scan reads it once per 1,024 rows, a read of ids once per batch). What a search does under such a
 * deadline depends on the work it does, never on how busy the machine is; wall-clock figures belong in the benchmarks.
 */
export function workClock(): Clock {
  let readings = 0;
  return () => readings++;
}
