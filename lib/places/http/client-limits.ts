import type { LimitRule, LimitStore } from '@/lib/limits';
import { perMinuteRule, take, type LimitVerdict } from '@/lib/server/rate-limit';
import { DEFAULT_CLIENT_CONCURRENCY, DEFAULT_RATE_PER_MINUTE } from '@/lib/config/client-budget';

/** One budget per client at its account's rate, `burstSeconds` worth a window, shared by every instance. */
export class ClientRates {
  private readonly rules = new Map<number, LimitRule>();

  constructor(
    private readonly limits: LimitStore,
    private readonly defaultPerMinute = DEFAULT_RATE_PER_MINUTE,
    private readonly burstSeconds = 10,
  ) {}

  /** Spends one request of the client's budget at `configured` per minute (its account's rate; null: the default). */
  take(clientId: string, configured: number | null): Promise<LimitVerdict> {
    const perMinute = configured ?? this.defaultPerMinute;
    let rule = this.rules.get(perMinute);
    if (!rule) this.rules.set(perMinute, (rule = perMinuteRule('place-api', perMinute, this.burstSeconds)));
    return take(this.limits, rule, clientId);
  }
}

/** The requests of each client this process is working on (authenticated, not yet answered), at most `limit` each. */
export class ClientsInFlight {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit = DEFAULT_CLIENT_CONCURRENCY) {}

  /** Counts one more request of the client; false, counting nothing, when it has `limit` in progress already. */
  enter(clientId: string): boolean {
    const busy = this.counts.get(clientId) ?? 0;
    if (busy >= this.limit) return false;
    this.counts.set(clientId, busy + 1);
    return true;
  }

  leave(clientId: string): void {
    const left = (this.counts.get(clientId) ?? 1) - 1;
    if (left > 0) this.counts.set(clientId, left);
    else this.counts.delete(clientId);
  }
}
