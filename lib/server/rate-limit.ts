import type { LimitRule, LimitStore, LimitVerdict } from '@/lib/limits';
import { limitRefusals } from '@/lib/metrics/metrics';

export type { LimitVerdict };

/**
 * The fixed-window rule for a rate of `perMinute` that lets `burstSeconds` worth through at once: that many
 * requests per window of the matching length, so the sustained rate is `perMinute` (a window boundary can let two
 * bursts through back to back; rate-limiter-flexible counts in fixed windows, one atomic step on every engine).
 */
export function perMinuteRule(name: string, perMinute: number, burstSeconds: number): LimitRule {
  if (!(perMinute > 0) || !(burstSeconds > 0)) throw new RangeError('perMinute and burstSeconds must be > 0');
  const points = Math.max(1, Math.ceil((perMinute * burstSeconds) / 60));
  return { name, points, durationSec: Math.max(1, Math.round((points * 60) / perMinute)) };
}

/** Spends one request of `key` under `rule`; a refusal is counted for /metrics. */
export async function take(limits: LimitStore, rule: LimitRule, key: string): Promise<LimitVerdict> {
  const verdict = await limits.limiter(rule).consume(key);
  if (!verdict.allowed) limitRefusals.inc({ limit: rule.name });
  return verdict;
}
