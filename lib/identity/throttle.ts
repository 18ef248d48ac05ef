/**
 * Slows repeated failed sign-ins with three budgets (the numbers and why: docs/security.md):
 * - per client address, checked first, before any account is looked up;
 * - per account and address: one address hammering one account is slowed down hard;
 * - per account from every address together, with a short ceiling so its owner is never locked out for long, and
 *   skipped for an address that signed in to that account recently.
 * Within a budget the first `freeFailures` cost nothing; each further failure makes the next attempt wait 1 s, 2 s,
 * 4 s, ... up to `maxDelayMs`. Accounts are keys chosen by the caller (an account id, so a username and an e-mail
 * share one budget).
 */
export interface ThrottleOptions {
  freeFailures: number;
  maxDelayMs: number;
  /** A budget is forgotten this long after its last failure. */
  windowMs: number;
}

export interface ThrottleLimits {
  address: ThrottleOptions;
  accountAtAddress: ThrottleOptions;
  account: ThrottleOptions;
  /** How long a successful sign-in makes its address exempt from the account-wide budget. */
  knownAddressMs: number;
  /** Exempt addresses remembered per account (the most recent). */
  knownAddressesPerAccount: number;
}

const HOUR = 60 * 60_000;

export const LOGIN_LIMITS: ThrottleLimits = {
  address: { freeFailures: 20, maxDelayMs: 15 * 60_000, windowMs: HOUR },
  accountAtAddress: { freeFailures: 5, maxDelayMs: 15 * 60_000, windowMs: HOUR },
  account: { freeFailures: 10, maxDelayMs: 60_000, windowMs: HOUR },
  knownAddressMs: 30 * 24 * HOUR,
  knownAddressesPerAccount: 5,
};

const MAX_KEYS = 100_000;

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

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
    this.waitMs(key, now); // drops an expired entry
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    entry.failures += 1;
    entry.lastFailure = now;
    const over = entry.failures - this.options.freeFailures;
    if (over > 0) entry.lockedUntil = now + Math.min(this.options.maxDelayMs, 1000 * 2 ** Math.min(over - 1, 30));
    // Map order is then least recently failed first: at the bound, the oldest goes (memory stays bounded in a flood).
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(key: string) {
    this.entries.delete(key);
  }
}

/** Addresses that signed in to an account, newest last, with when. */
class KnownAddresses {
  private readonly byAccount = new Map<string, Map<string, number>>();
  constructor(private readonly ttlMs: number, private readonly perAccount: number) {}

  has(account: string, address: string, now: number): boolean {
    const at = this.byAccount.get(account)?.get(address);
    return at !== undefined && now - at <= this.ttlMs;
  }

  add(account: string, address: string, now: number) {
    const addresses = this.byAccount.get(account) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, now);
    while (addresses.size > this.perAccount) addresses.delete(addresses.keys().next().value as string);
    this.byAccount.delete(account);
    this.byAccount.set(account, addresses);
    // The least recently successful accounts go first.
    while (this.byAccount.size > MAX_KEYS) this.byAccount.delete(this.byAccount.keys().next().value as string);
  }
}

export class LoginThrottle {
  private readonly addresses: Counter;
  private readonly pairs: Counter;
  private readonly accounts: Counter;
  private readonly known: KnownAddresses;

  constructor(limits: ThrottleLimits = LOGIN_LIMITS) {
    this.addresses = new Counter(limits.address);
    this.pairs = new Counter(limits.accountAtAddress);
    this.accounts = new Counter(limits.account);
    this.known = new KnownAddresses(limits.knownAddressMs, limits.knownAddressesPerAccount);
  }

  /** Milliseconds this address must wait before any sign-in; 0 when it may try now. */
  addressWaitMs(address: string, now = Date.now()): number {
    return this.addresses.waitMs(address, now);
  }

  /** Milliseconds before this address may try this account again; 0 when it may try now. */
  accountWaitMs(account: string, address: string, now = Date.now()): number {
    const pair = this.pairs.waitMs(pairKey(account, address), now);
    const everyone = this.known.has(account, address, now) ? 0 : this.accounts.waitMs(account, now);
    return Math.max(pair, everyone);
  }

  failed(account: string, address: string, now = Date.now()) {
    this.addresses.fail(address, now);
    this.pairs.fail(pairKey(account, address), now);
    this.accounts.fail(account, now);
  }

  /** The address proved it knows the password: its own slate for this account is clean, and it is exempt from the account-wide delay. */
  succeeded(account: string, address: string, now = Date.now()) {
    this.pairs.clear(pairKey(account, address));
    this.known.add(account, address, now);
  }
}

function pairKey(account: string, address: string) {
  return `${account}\n${address}`;
}
