import type { AppConfig } from '@/lib/config/env';
import type { HealthChecks } from '@/lib/core/health';
import { databaseOptions } from '@/lib/db/postgres/database';
import { memoryEngine } from './memory';
import { postgresEngine } from './postgres';
import { redisEngine } from './redis';
import { StoreLimiter, StoreStatus } from './shared-limiter';
import type { LimitEngine, LimitEngineName, LimitRule, Limiter } from './types';

export type { LimitRule, LimitState, LimitVerdict, Limiter } from './types';
export { LIMIT_STORE, LimitStoreSetupError } from './types';

/** Every limit of the process, on the engine chosen at start-up: the Place API, the Explorer and the login throttle. */
export interface LimitStore {
  engine: LimitEngineName;
  describe(): string;
  /** The limiter of a rule (one per distinct rule; asking again returns the same one). */
  limiter(rule: LimitRule): Limiter;
  health(): HealthChecks;
  stats(): Record<string, number>;
  close(): Promise<void>;
}

/** `options.now`: the clock of the shared store's failure handling (StoreStatus); the system clock by default. */
export function limitStoreOn(engine: LimitEngine, options: { now?: () => number } = {}): LimitStore {
  const memory = engine.name === 'memory' ? engine : memoryEngine();
  const status = engine.name === 'memory' ? null : new StoreStatus(engine.name, options.now);
  const limiters = new Map<string, Limiter>();
  const byRule = new WeakMap<LimitRule, Limiter>();
  return {
    engine: engine.name,
    describe: () => engine.describe(),
    limiter(rule) {
      const known = byRule.get(rule);
      if (known) return known;
      if (!/^[a-z0-9-]+$/.test(rule.name) || !Number.isInteger(rule.durationSec) || rule.durationSec < 1 || !(rule.points >= 1)) {
        throw new RangeError(`bad limit rule ${JSON.stringify(rule)}`);
      }
      // Rules of one name with other numbers (the Place API's per-account rates) count under their own prefix.
      const id = `${rule.name}-${rule.points}-${rule.durationSec}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        const named = { ...rule, name: id };
        const fallback = status ? new StoreLimiter(named, memory, memory.limiter(named), null, null) : null;
        limiter = new StoreLimiter(named, engine, engine.limiter(named), fallback, status);
        limiters.set(id, limiter);
      }
      byRule.set(rule, limiter);
      return limiter;
    },
    health() {
      if (status?.degradedSince != null) {
        return { limits: `degraded: ${engine.describe()} failed (${status.lastError}); limits count in this instance only since ${new Date(status.degradedSince).toISOString()}` };
      }
      return { limits: true };
    },
    stats: () => ({ ...engine.stats(), limits_degraded: status?.degradedSince != null ? 1 : 0 }),
    close: () => engine.close(),
  };
}

/** Opens the engine the configuration names; an unreachable Redis or PostgreSQL is a LimitStoreSetupError. */
export async function openLimitStore(config: Pick<AppConfig, 'limits' | 'database'>): Promise<LimitStore> {
  const limits = config.limits;
  if (limits.engine === 'redis') return limitStoreOn(await redisEngine(limits.url));
  if (limits.engine === 'postgres') {
    // The stores' options, so the limits share their door to the database (one wait, one migration).
    return limitStoreOn(await postgresEngine(config.database ? databaseOptions(config.database) : { primaryUrl: limits.url, poolSize: 4 }));
  }
  return limitStoreOn(memoryEngine());
}
