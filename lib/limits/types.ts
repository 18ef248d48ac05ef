import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** One limit: at most `points` per key in a window of `durationSec` seconds (a whole number, at least 1). */
export interface LimitRule {
  /** Names the limit in keys, logs and metrics: letters, digits and dashes. */
  name: string;
  points: number;
  durationSec: number;
  /** The window restarts at every consume (the login throttle: a budget is forgotten a window after its last failure). */
  sliding?: boolean;
}

/** What a consume or a read found: the points spent in the current window and when it ends. */
export interface LimitState {
  consumed: number;
  msBeforeNext: number;
}

export type LimitVerdict =
  | ({ allowed: true; remaining: number } & LimitState)
  | ({ allowed: false; retryAfterSeconds: number } & LimitState);

/** One rule on the shared store. Keys are the caller's (a client id, an address): hashed when long. */
export interface Limiter {
  readonly rule: LimitRule;
  /** Counts points; a sliding rule's window restarts (in the same step on every engine). `points` 0 only restarts it. */
  consume(key: string, points?: number): Promise<LimitVerdict>;
  /**
   * Counts points without a verdict and without restarting a sliding rule's window (a key with nothing counted
   * starts one): the count after, in one step on the store, so concurrent callers each see the ones before them.
   */
  penalty(key: string, points?: number): Promise<LimitState>;
  /** Takes points back (a reservation that was not spent), never below zero, without restarting the window. */
  reward(key: string, points?: number): Promise<void>;
  /** The key's state, or null when it has nothing counted. */
  get(key: string): Promise<LimitState | null>;
  /** Sets the key's count and restarts its window. */
  set(key: string, points: number, durationSec: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The name the custom server publishes its limit store under (lib/core/registry.ts), for the route handlers. */
export const LIMIT_STORE = 'limits.store';

export type LimitEngineName = 'memory' | 'redis' | 'postgres';

/** One engine folder: makes rate-limiter-flexible limiters on its store, and says whether the store answers. */
export interface LimitEngine {
  name: LimitEngineName;
  /** Where it counts, for the start-up line and /healthz (never a password). */
  describe(): string;
  limiter(rule: LimitRule): RateLimiterAbstract;
  /**
   * Whether its limiters restart a sliding rule's window within the consume itself (else the wrapper sets it after,
   * which can lose a count made in between: every engine here does it in one step).
   */
  slidesAtomically: boolean;
  /** True when the store answered its last check, or why not. */
  health(): true | string;
  /** Gauges for /metrics (pool sizes, connection state). */
  stats(): Record<string, number>;
  close(): Promise<void>;
}

/** Redis or PostgreSQL could not be used at start-up: one line, exit 1. */
export class LimitStoreSetupError extends Error {}

/** A value in the shared store that is not a count (written by something else): named, deleted, never a crash. */
export class MalformedLimitValueError extends Error {}
