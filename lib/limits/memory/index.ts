import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { LimitEngine, LimitRule } from '../types';

// The library expires a memory key with setTimeout, which fires at once past 2^31-1 ms (24.8 days): a longer
// window (the login throttle's 30-day known addresses) is kept 24 days in memory instead of being dropped.
const MAX_SECONDS = 24 * 24 * 3600;

class ClampedMemoryLimiter extends RateLimiterMemory {
  set(key: string | number, points: number, secDuration: number) {
    return super.set(key, points, Math.min(secDuration, MAX_SECONDS));
  }
}

/** Counts in this process only: the default for one instance, and the fallback when a shared store is lost. */
export function memoryEngine(): LimitEngine {
  return {
    name: 'memory',
    describe: () => 'memory (this instance only)',
    slidesAtomically: false,
    limiter: (rule: LimitRule) =>
      new ClampedMemoryLimiter({ keyPrefix: rule.name, points: rule.points, duration: Math.min(rule.durationSec, MAX_SECONDS) }),
    health: () => true,
    stats: () => ({}),
    close: async () => undefined,
  };
}
