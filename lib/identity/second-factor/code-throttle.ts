/**
 * Wrong second-factor codes per account, from every address together: 5 free, then each further one makes the
 * next attempt wait 1 s, 2 s, 4 s, ... up to 15 minutes; forgotten an hour after the last failure, cleared only by
 * a right code. Unlike the login throttle's budgets, a right password does not clear it: whoever knows the
 * password must not get fresh guesses at the code by signing in again. (The address budget of the login throttle
 * counts these failures too.) In memory, per process; at most 100,000 accounts, the oldest dropped first.
 */
export class CodeThrottle {
  private readonly failures = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly freeFailures = 5,
    private readonly maxDelayMs = 15 * 60_000,
    private readonly windowMs = 60 * 60_000,
  ) {}

  waitMs(accountId: string, now = Date.now()): number {
    const entry = this.failures.get(accountId);
    if (!entry || now - entry.last > this.windowMs) return 0;
    const over = entry.count - this.freeFailures;
    if (over <= 0) return 0;
    const delay = Math.min(this.maxDelayMs, 1000 * 2 ** (over - 1));
    return Math.max(0, entry.last + delay - now);
  }

  failed(accountId: string, now = Date.now()): void {
    const entry = this.failures.get(accountId);
    const count = entry && now - entry.last <= this.windowMs ? entry.count + 1 : 1;
    this.failures.delete(accountId);
    if (this.failures.size >= 100_000) this.failures.delete(this.failures.keys().next().value as string);
    this.failures.set(accountId, { count, last: now });
  }

  succeeded(accountId: string): void {
    this.failures.delete(accountId);
  }
}
