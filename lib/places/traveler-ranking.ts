import { logger } from '@/lib/core/logger';
import { lookup } from '@/lib/core/registry';
import type { PlaceStoreAdmin } from './store/types';
import { travelerContent } from './traveler-content';

export interface TravelerRanking {
  /** Counts the reviews in now (after a pass under way, if any); returns the places written. */
  now(): Promise<number>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

export const TRAVELER_RANKING = 'places.traveler-ranking';

/** This process's ranking pass, once the Place API started (the tests run it at once). */
export function travelerRanking(): TravelerRanking | undefined {
  return lookup<TravelerRanking>(TRAVELER_RANKING);
}

/**
 * Keeps `sort=relevance` and `sort=rating` counting travelers' reviews: at start and every `everyMs`, the tallies of
 * every reviewed place are read and the places whose tally changed are written. A write moves the store's data
 * version: on PostgreSQL every instance reloads its search columns, so the interval bounds how often that happens.
 * The API's `engagement` figures count a review at once; the order follows within one interval.
 */
export function startTravelerRanking(store: PlaceStoreAdmin, everyMs: number): TravelerRanking {
  let running: Promise<number> | null = null;
  const pass = async (): Promise<number> => {
    const content = travelerContent();
    if (!content) return 0;
    const changed = await store.applyTravelerTallies(await content.allTallies());
    if (changed) logger.info('travelers’ reviews counted into the search order', { places: changed });
    return changed;
  };
  const now = (): Promise<number> => {
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(pass);
    const tracked = next.finally(() => {
      if (running === tracked) running = null;
    });
    running = tracked;
    return tracked;
  };
  const tick = () => void now().catch((err: Error) => logger.warn('counting travelers’ reviews into the search order failed', { error: err.message }));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    now,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
