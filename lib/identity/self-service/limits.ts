import type { IncomingMessage } from 'node:http';
import type { LimitRule, LimitStore } from '@/lib/limits';
import { addressBucket, clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import { take } from '@/lib/server/rate-limit';

export type LimitedAction = 'signup' | 'reset' | 'invitation' | 'verification';

/** A refusal says which budget ran out: the client address's, or the target e-mail address's. */
export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number; spent: 'address' | 'email' };

const HOUR = 3600;
const PER_EMAIL: LimitRule = { name: 'self-service-email', points: 3, durationSec: HOUR };

/**
 * The one place the self-service endpoints ask for a rate limit: per client address (`perHour` requests an hour, 10
 * by default) and per target e-mail address (3 an hour), per action, on the shared limit store (memory, Redis or
 * PostgreSQL, like every other limit), so every instance counts against the same budget.
 */
export class SelfServiceLimits {
  private readonly perAddress: LimitRule;

  constructor(
    private readonly limits: LimitStore,
    private readonly trust: ProxyTrust,
    perHour = 10,
  ) {
    this.perAddress = { name: 'self-service-address', points: perHour, durationSec: HOUR };
  }

  async take(action: LimitedAction, req: IncomingMessage, email?: string): Promise<LimitAnswer> {
    const address = await take(this.limits, this.perAddress, `${action}:${addressBucket(clientAddress(req, this.trust))}`);
    if (!address.allowed) return { ...address, spent: 'address' };
    if (email) {
      const target = await take(this.limits, PER_EMAIL, `${action}:${email.trim().toLowerCase()}`);
      if (!target.allowed) return { ...target, spent: 'email' };
    }
    return { allowed: true };
  }
}
