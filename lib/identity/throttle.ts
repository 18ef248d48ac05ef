/**
 * Slows repeated failed sign-ins, per account name and per client address: after a few free failures each
 * further one doubles the wait (1 s, 2 s, 4 s, ... up to 15 minutes). A success clears the account's count.
 */
export interface ThrottleOptions {
  freeFailures: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

const ACCOUNT_LIMITS: ThrottleOptions = { freeFailures: 5, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 };
const ADDRESS_LIMITS: ThrottleOptions = { freeFailures: 20, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 };

class Counter {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly options: ThrottleOptions) {}

  waitMs(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    if (now - entry.lastFailure > this.options.windowMs) {
      this.entries.delete(key);
      return 0;
    }
    return Math.max(0, entry.lockedUntil - now);
  }

  fail(key: string, now: number) {
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    entry.failures += 1;
    entry.lastFailure = now;
    const over = entry.failures - this.options.freeFailures;
    if (over > 0) entry.lockedUntil = now + Math.min(this.options.maxDelayMs, 1000 * 2 ** (over - 1));
    this.entries.set(key, entry);
    if (this.entries.size > 100_000) this.sweep(now);
  }

  clear(key: string) {
    this.entries.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) if (now - entry.lastFailure > this.options.windowMs) this.entries.delete(key);
  }
}

export class LoginThrottle {
  private readonly accounts: Counter;
  private readonly addresses: Counter;

  constructor(accountLimits = ACCOUNT_LIMITS, addressLimits = ADDRESS_LIMITS) {
    this.accounts = new Counter(accountLimits);
    this.addresses = new Counter(addressLimits);
  }

  /** Milliseconds to wait before this login may be tried again; 0 when it may be tried now. */
  waitMs(login: string, address: string, now = Date.now()): number {
    return Math.max(this.accounts.waitMs(login.toLowerCase(), now), this.addresses.waitMs(address, now));
  }

  failed(login: string, address: string, now = Date.now()) {
    this.accounts.fail(login.toLowerCase(), now);
    this.addresses.fail(address, now);
  }

  succeeded(login: string) {
    this.accounts.clear(login.toLowerCase());
  }
}
