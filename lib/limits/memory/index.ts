import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitEngine, LimitRule } from '../types';

// The library expires a memory key with setTimeout, which fires at once past 2^31-1 ms (24.8 days): a longer
// window (the login throttle's 30-day known addresses) is kept 24 days in memory instead of being dropped.
const MAX_SECONDS = 24 * 24 * 3600;

/** The library's storage behind a RateLimiterMemory: synchronous, so two calls in a row are one step. */
interface MemoryStorage {
  incrby(key: string, value: number, durationSec: number): RateLimiterRes;
  set(key: string, value: number, durationSec: number): RateLimiterRes;
  get(key: string): RateLimiterRes | null;
}

class MemoryLimiter extends RateLimiterMemory {
  private readonly durationSec: number;

  constructor(private readonly rule: LimitRule) {
    const durationSec = Math.min(rule.durationSec, MAX_SECONDS);
    super({ keyPrefix: rule.name, points: rule.points, duration: durationSec });
    this.durationSec = durationSec;
  }

  private get storage(): MemoryStorage {
    return (this as unknown as { _memoryStorage: MemoryStorage })._memoryStorage;
  }

  set(key: string | number, points: number, secDuration: number) {
    return super.set(key, points, Math.min(secDuration, MAX_SECONDS));
  }

  /** A sliding rule counts and restarts its window without yielding in between, so no count is lost. */
  consume(key: string | number, points = 1, options: { [key: string]: unknown } = {}) {
    if (!this.rule.sliding) return super.consume(key, points, options);
    const k = this.getKey(key);
    const counted = this.storage.incrby(k, points, this.durationSec).consumedPoints;
    const res = this.storage.set(k, counted, this.durationSec);
    const out = new RateLimiterRes(Math.max(this.rule.points - counted, 0), res.msBeforeNext, counted, res.isFirstInDuration);
    return counted > this.rule.points ? Promise.reject(out) : Promise.resolve(out);
  }

  /** The library's penalty keeps the window already; its reward may go below zero, this one stops at zero. */
  reward(key: string | number, points = 1) {
    const k = this.getKey(key);
    const current = this.storage.get(k);
    if (!current || current.msBeforeNext <= 0) return Promise.resolve(new RateLimiterRes(this.rule.points, 0, 0, false));
    return Promise.resolve(this.storage.incrby(k, -Math.min(points, current.consumedPoints), this.durationSec));
  }
}

/** Counts in this process only: the default for one instance, and the fallback when a shared store is lost. */
export function memoryEngine(): LimitEngine {
  return {
    name: 'memory',
    describe: () => 'memory (this instance only)',
    slidesAtomically: true,
    limiter: (rule: LimitRule) => new MemoryLimiter(rule),
    health: () => true,
    stats: () => ({}),
    close: async () => undefined,
  };
}
