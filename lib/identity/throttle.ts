import type { LimitStore, Limiter } from '@/lib/limits';
import { throttleRefusals } from '@/lib/metrics/metrics';

/**
 * Slows repeated failed sign-ins with three budgets (the numbers and why: docs/security.md):
 * - per client address, checked first, before any account is looked up;
 * - per account and address: one address hammering one account is slowed down hard;
 * - per account from every address together, with a short ceiling so its owner is never locked out for long, and
 *   skipped for an address that signed in to that account recently.
 * Within a budget the first `freeFailures` cost nothing; each further failure makes the next attempt wait 1 s, 2 s,
 * 4 s, ... up to `maxDelayMs`. Accounts are keys chosen by the caller (an account id, so a username and an e-mail
 * share one budget). The counts live in the shared limit store, so every instance sees the same budgets.
 */
export interface ThrottleOptions {
  freeFailures: number;
  maxDelayMs: number;
  /** A budget is forgotten this long after its last failure (whole seconds). */
  windowMs: number;
}

export interface ThrottleLimits {
  address: ThrottleOptions;
  accountAtAddress: ThrottleOptions;
  account: ThrottleOptions;
  /** How long a successful sign-in makes its address exempt from the account-wide budget. */
  knownAddressMs: number;
}

const HOUR = 60 * 60_000;

export const LOGIN_LIMITS: ThrottleLimits = {
  address: { freeFailures: 20, maxDelayMs: 15 * 60_000, windowMs: HOUR },
  accountAtAddress: { freeFailures: 5, maxDelayMs: 15 * 60_000, windowMs: HOUR },
  account: { freeFailures: 10, maxDelayMs: 60_000, windowMs: HOUR },
  knownAddressMs: 30 * 24 * HOUR,
};

/**
 * Failures of one budget as a sliding count: the store keeps the number and restarts the key's expiry at every
 * failure, so the time of the last failure is the expiry minus the window, and the wait follows from both.
 */
export class Budget {
  private readonly limiter: Limiter;
  constructor(limits: LimitStore, name: string, private readonly options: ThrottleOptions) {
    this.limiter = limits.limiter({ name, points: options.freeFailures, durationSec: Math.round(options.windowMs / 1000), sliding: true });
  }

  async waitMs(key: string): Promise<number> {
    const state = await this.limiter.get(key);
    const over = (state?.consumed ?? 0) - this.options.freeFailures;
    if (!state || over <= 0) return 0;
    const delay = Math.min(this.options.maxDelayMs, 1000 * 2 ** Math.min(over - 1, 30));
    const sinceLastFailure = this.limiter.rule.durationSec * 1000 - state.msBeforeNext;
    return Math.max(0, delay - sinceLastFailure);
  }

  async fail(key: string) {
    await this.limiter.consume(key);
  }

  clear(key: string) {
    return this.limiter.delete(key);
  }
}

export class LoginThrottle {
  private readonly addresses: Budget;
  private readonly pairs: Budget;
  private readonly accounts: Budget;
  /** Account and address pairs that signed in recently: exempt from the account-wide budget. */
  private readonly known: Limiter;
  private readonly knownSec: number;

  constructor(limits: LimitStore, config: ThrottleLimits = LOGIN_LIMITS) {
    this.addresses = new Budget(limits, 'login-address', config.address);
    this.pairs = new Budget(limits, 'login-account-address', config.accountAtAddress);
    this.accounts = new Budget(limits, 'login-account', config.account);
    this.knownSec = Math.round(config.knownAddressMs / 1000);
    this.known = limits.limiter({ name: 'login-known-address', points: 1, durationSec: this.knownSec });
  }

  /** Milliseconds this address must wait before any sign-in; 0 when it may try now. */
  async addressWaitMs(address: string): Promise<number> {
    const wait = await this.addresses.waitMs(address);
    if (wait > 0) throttleRefusals.inc({ budget: 'address' });
    return wait;
  }

  /** Milliseconds before this address may try this account again; 0 when it may try now. */
  async accountWaitMs(account: string, address: string): Promise<number> {
    const [pair, known] = await Promise.all([this.pairs.waitMs(pairKey(account, address)), this.known.get(pairKey(account, address))]);
    const everyone = known ? 0 : await this.accounts.waitMs(account);
    if (pair > 0 || everyone > 0) throttleRefusals.inc({ budget: pair >= everyone ? 'account-address' : 'account' });
    return Math.max(pair, everyone);
  }

  async failed(account: string, address: string) {
    await Promise.all([this.addresses.fail(address), this.pairs.fail(pairKey(account, address)), this.accounts.fail(account)]);
  }

  /** The address proved it knows the password: its own slate for this account is clean, and it is exempt from the account-wide delay. */
  async succeeded(account: string, address: string) {
    await Promise.all([this.pairs.clear(pairKey(account, address)), this.known.set(pairKey(account, address), 1, this.knownSec)]);
  }
}

function pairKey(account: string, address: string) {
  return `${account}\n${address}`;
}
