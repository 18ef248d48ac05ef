import type { IncomingMessage } from 'node:http';
import { addressBucket, clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import { RateLimiter } from '@/lib/server/rate-limit';

export type LimitedAction = 'signup' | 'reset' | 'invitation' | 'verification';

export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const HOUR = 3600;

/**
 * The one place the self-service endpoints ask for a rate limit: per client address (`perHour` requests, 10 by
 * default, then they come back evenly over the hour) and per target e-mail address (3, then one every 20 minutes),
 * per action. In memory today; it is
 * async so that a shared store can take the limiter's place here without touching a caller.
 */
export class SelfServiceLimits {
  private readonly byAddress: RateLimiter;
  private readonly byEmail = new RateLimiter({ capacity: 3, refillPerSecond: 3 / HOUR, maxKeys: 50_000 });

  constructor(
    private readonly trust: ProxyTrust,
    perHour = 10,
  ) {
    this.byAddress = new RateLimiter({ capacity: perHour, refillPerSecond: perHour / HOUR, maxKeys: 50_000 });
  }

  async take(action: LimitedAction, req: IncomingMessage, email?: string): Promise<LimitAnswer> {
    const address = this.byAddress.take(`${action}:${addressBucket(clientAddress(req, this.trust))}`);
    if (!address.allowed) return address;
    if (email) {
      const target = this.byEmail.take(`${action}:${email.trim().toLowerCase()}`);
      if (!target.allowed) return target;
    }
    return { allowed: true };
  }
}
