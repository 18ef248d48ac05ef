import type { LimitStore } from '@/lib/limits';
import { Budget, type Reservation, type ThrottleOptions } from '../throttle';

const CODE_LIMITS: ThrottleOptions = { freeFailures: 5, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 };

/**
 * Wrong second-factor codes per account, from every address together: 5 free, then each further one makes the
 * next attempt wait 1 s, 2 s, 4 s, ... up to 15 minutes; forgotten an hour after the last failure, cleared only by
 * a right code. Unlike the login throttle's budgets, a right password does not clear it: whoever knows the
 * password must not get fresh guesses at the code by signing in again. (The address budget of the login throttle
 * counts these failures too.) One budget of the login throttle's kind, on the shared limit store.
 */
export class CodeThrottle {
  private readonly budget: Budget;

  constructor(limits: LimitStore, options: ThrottleOptions = CODE_LIMITS) {
    this.budget = new Budget(limits, 'login-code', options);
  }

  /** A wrong code reserved before the code is checked (Budget.reserve): refused when its waitMs > 0. */
  reserve(accountId: string): Promise<Reservation> {
    return this.budget.reserve(accountId);
  }

  waitMs(accountId: string): Promise<number> {
    return this.budget.waitMs(accountId);
  }

  failed(accountId: string): Promise<void> {
    return this.budget.fail(accountId);
  }

  async succeeded(accountId: string): Promise<void> {
    await this.budget.clear(accountId);
  }
}
