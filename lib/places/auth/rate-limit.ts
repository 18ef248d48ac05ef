/** A per-client token bucket: `perMinute` requests a minute, bursting up to the same number. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  take(clientId: string, perMinute: number | null, now = Date.now()): boolean {
    if (perMinute === null) return true;
    const bucket = this.buckets.get(clientId) ?? { tokens: perMinute, at: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
    bucket.at = now;
    this.buckets.set(clientId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
