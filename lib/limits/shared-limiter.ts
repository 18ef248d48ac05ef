import { createHash } from 'node:crypto';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { limitStoreFallbacks, limitStoreMalformed } from '@/lib/metrics/metrics';
import { logger } from '@/lib/core/logger';
import { type LimitEngine, type LimitRule, type LimitState, type LimitVerdict, type Limiter, MalformedLimitValueError } from './types';

/** Whether the shared store answers; shared by every limiter of one store, shown by /healthz. */
export class StoreStatus {
  degradedSince: number | null = null;
  lastError = '';
  private lastProbe = 0;

  /** `now`: the clock of the one-probe-a-second rule and of `degradedSince` (tests pass one they move). */
  constructor(
    private readonly engine: string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * While degraded, at most one operation a second tries the store; the others go straight to memory, so a store
   * that hangs (commands time out after a second) does not hold every request for that second.
   */
  skip(storeConnected: boolean): boolean {
    if (this.degradedSince === null) return false;
    if (!storeConnected) return true;
    const now = this.now();
    if (now - this.lastProbe < 1000) return true;
    this.lastProbe = now;
    return false;
  }

  failed(err: unknown) {
    this.lastError = (err as Error)?.message ?? String(err);
    this.lastProbe = this.now();
    if (this.degradedSince !== null) return;
    this.degradedSince = this.now();
    logger.error('limit store unavailable: limits count in this instance only until it is back', { engine: this.engine, error: this.lastError });
  }

  recovered() {
    if (this.degradedSince === null) return;
    logger.info('limit store is back: limits are shared again', { engine: this.engine, degradedMs: this.now() - this.degradedSince });
    this.degradedSince = null;
  }
}

// Keys are chosen by callers and may carry what a visitor typed (a login name); the PostgreSQL column holds 255.
function storeKey(key: string): string {
  return key.length <= 100 ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

function stateOf(res: RateLimiterRes, key: string): LimitState {
  if (!Number.isFinite(res.consumedPoints)) throw new MalformedLimitValueError(`the value at ${key} is not a count`);
  return { consumed: res.consumedPoints, msBeforeNext: Math.max(0, res.msBeforeNext) };
}

const MALFORMED_REPLY = /not an integer|WRONGTYPE|out of range/i;

function isMalformed(err: unknown): boolean {
  return err instanceof MalformedLimitValueError || MALFORMED_REPLY.test((err as Error)?.message ?? '');
}

/**
 * One rule on a store, with the store's failure behaviour: an error of the shared store (down, timing out) is
 * answered by `fallback`, a per-instance memory limiter of the same rule, and marks the store degraded; a value
 * that is not a count is logged with its key, deleted, and the operation tried once more.
 */
export class StoreLimiter implements Limiter {
  constructor(
    readonly rule: LimitRule,
    private readonly engine: LimitEngine,
    private readonly store: RateLimiterAbstract,
    private readonly fallback: Limiter | null,
    private readonly status: StoreStatus | null,
  ) {}

  async consume(key: string, points = 1): Promise<LimitVerdict> {
    const k = storeKey(key);
    return this.guard(k, async () => verdict(this.rule, await this.consumeRaw(k, points)), () => this.fallback!.consume(key, points));
  }

  async penalty(key: string, points = 1): Promise<LimitState> {
    const k = storeKey(key);
    return this.guard(k, async () => stateOf(await this.store.penalty(k, points), k), () => this.fallback!.penalty(key, points));
  }

  async reward(key: string, points = 1): Promise<void> {
    const k = storeKey(key);
    await this.guard(k, async () => void (await this.store.reward(k, points)), () => this.fallback!.reward(key, points));
  }

  async get(key: string): Promise<LimitState | null> {
    const k = storeKey(key);
    return this.guard(k, async () => {
      const res = await this.store.get(k);
      // The memory engine drops an expired key on a timer: until then it reads as a window already over.
      return res && res.msBeforeNext > 0 ? stateOf(res, k) : null;
    }, () => this.fallback!.get(key));
  }

  async set(key: string, points: number, durationSec: number): Promise<void> {
    const k = storeKey(key);
    await this.guard(k, async () => void (await this.store.set(k, points, durationSec)), () => this.fallback!.set(key, points, durationSec));
  }

  async delete(key: string): Promise<void> {
    const k = storeKey(key);
    await this.guard(k, async () => void (await this.store.delete(k)), () => this.fallback!.delete(key));
  }

  private async consumeRaw(key: string, points: number): Promise<LimitState> {
    let state: LimitState;
    try {
      state = stateOf(await this.store.consume(key, points), key);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      state = stateOf(res, key);
      // A refusal from the library's in-memory block carries no count: it is over the limit all the same.
      if (state.consumed <= this.rule.points) state = { ...state, consumed: this.rule.points + 1 };
    }
    if (this.rule.sliding && !this.engine.slidesAtomically) {
      // Not atomic with the consume: a failure counted by another instance between the two steps can be lost.
      await this.store.set(key, state.consumed, this.rule.durationSec);
      state = { consumed: state.consumed, msBeforeNext: this.rule.durationSec * 1000 };
    }
    return state;
  }

  private async guard<T>(key: string, run: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (this.status?.skip(this.engine.health() === true)) {
      limitStoreFallbacks.inc({ limit: this.rule.name });
      return fallback();
    }
    try {
      const value = await run();
      this.status?.recovered();
      return value;
    } catch (err) {
      if (isMalformed(err)) {
        limitStoreMalformed.inc({ limit: this.rule.name });
        logger.error('limit store: a value is not a count, deleting it', { engine: this.engine.name, key: this.store.getKey(key), error: (err as Error).message });
        try {
          await this.store.delete(key);
          return await run();
        } catch (again) {
          err = again;
        }
      }
      if (!this.fallback || !this.status) throw err;
      this.status.failed(err);
      limitStoreFallbacks.inc({ limit: this.rule.name });
      return fallback();
    }
  }
}

function verdict(rule: LimitRule, state: LimitState): LimitVerdict {
  if (state.consumed <= rule.points) return { allowed: true, remaining: rule.points - state.consumed, ...state };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)), ...state };
}
