export interface RateLimitOptions {
  /** Largest burst a key may spend at once (tokens). */
  capacity: number;
  /** Tokens added back per second. */
  refillPerSecond: number;
  /** Most keys kept; past it, the least recently seen keys are dropped (a dropped key starts full again). */
  maxKeys?: number;
  /** Milliseconds clock, for tests. */
  now?: () => number;
}

export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key (for example a Place API client id). Memory is bounded: a bucket that has refilled
 * completely holds no information and is dropped when seen, and the Map's insertion order (refreshed on every
 * take) makes the oldest entries the least recently used ones, which go first when `maxKeys` is reached.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly refill: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: RateLimitOptions) {
    if (!(options.capacity >= 1) || !(options.refillPerSecond > 0)) throw new RangeError('capacity must be >= 1 and refillPerSecond > 0');
    this.capacity = options.capacity;
    this.refill = options.refillPerSecond;
    this.maxKeys = options.maxKeys ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Spends `cost` tokens of `key`'s bucket if it has them. */
  take(key: string, cost = 1): RateLimitResult {
    if (!(cost > 0 && cost <= this.capacity)) throw new RangeError('cost must be > 0 and at most the capacity');
    const now = this.now();
    const bucket = this.buckets.get(key);
    let tokens = this.capacity;
    if (bucket) {
      tokens = Math.min(this.capacity, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * this.refill);
      this.buckets.delete(key);
    }
    if (tokens >= cost) {
      tokens -= cost;
      if (tokens < this.capacity) this.remember(key, { tokens, at: now });
      return { allowed: true, remaining: Math.floor(tokens) };
    }
    this.remember(key, { tokens, at: now });
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - tokens) / this.refill)) };
  }

  /** Keys currently tracked (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }

  /** Drops every bucket that has refilled by now; call it from a timer if keys come and go in bulk. */
  sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.refill >= this.capacity) this.buckets.delete(key);
    }
  }

  private remember(key: string, bucket: Bucket) {
    while (this.buckets.size >= this.maxKeys) {
      const oldest = this.buckets.keys().next().value as string;
      this.buckets.delete(oldest);
    }
    this.buckets.set(key, bucket);
  }
}
