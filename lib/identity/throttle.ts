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
 * An attempt that checks a secret reserves its failure first and is judged by the count that returns (reserveAddress,
 * reserveAccount; see authenticate.ts), so a burst of parallel requests cannot all read the same budget.
 */
export interface ThrottleOptions {
  freeFailures: number;
  /** The wait after the first failure past the free ones (1 s unless given); it doubles with each further one. */
  firstDelayMs?: number;
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

  /** The wait after `failures` failures, the last one `msBeforeNext` before the window ends. */
  private waitAfter(failures: number, msBeforeNext: number): number {
    const over = failures - this.options.freeFailures;
    if (over <= 0) return 0;
    const delay = Math.min(this.options.maxDelayMs, (this.options.firstDelayMs ?? 1000) * 2 ** Math.min(over - 1, 30));
    const sinceLastFailure = this.limiter.rule.durationSec * 1000 - msBeforeNext;
    return Math.max(0, delay - sinceLastFailure);
  }

  /** The wait of the next attempt as the budget stands (a read: only for an attempt that checks nothing). */
  async waitMs(key: string): Promise<number> {
    const state = await this.limiter.get(key);
    return state ? this.waitAfter(state.consumed, state.msBeforeNext) : 0;
  }

  /**
   * Counts an attempt as a failure before its secret is checked, and answers its wait from the count that step
   * returns: every attempt counted before it, finished or still being checked, so the attempts of a burst each see
   * the ones before them instead of all reading the same budget. The window is left where the last failure put it.
   * The caller then settles it: `failed` when the secret was wrong, `refund` when it was right or the attempt is
   * refused (a wait > 0), so that only failures stay counted, as before.
   */
  async reserve(key: string): Promise<Reservation> {
    const state = await this.limiter.penalty(key);
    return new Reservation(this.limiter, key, this.waitAfter(state.consumed - 1, state.msBeforeNext));
  }

  /** Counts a failure that was not reserved (an attempt this budget did not have to let through). */
  async fail(key: string) {
    await this.limiter.consume(key);
  }

  clear(key: string) {
    return this.limiter.delete(key);
  }
}

/** One attempt counted on one budget ahead of its check (Budget.reserve). */
export class Reservation {
  constructor(
    private readonly limiter: Limiter,
    private readonly key: string,
    /** How long the attempt must wait: > 0 means refused (then refund it). */
    readonly waitMs: number,
  ) {}

  /** The secret was wrong: the counted failure stays, and the budget's window restarts from now. */
  async failed() {
    await this.limiter.consume(this.key, 0);
  }

  /** Not a failure after all (right secret, or refused before the check): the count is taken back. */
  refund() {
    return this.limiter.reward(this.key);
  }
}

/** The reservations of one step of a sign-in, settled together; `waitMs` > 0 when any budget refused it. */
export class Reservations {
  constructor(
    readonly waitMs: number,
    private readonly held: Reservation[],
  ) {}

  async failed() {
    await Promise.all(this.held.map((r) => r.failed()));
  }

  async refund() {
    await Promise.all(this.held.map((r) => r.refund()));
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

  /**
   * The first step of an attempt that checks a secret (a password, a second-factor code): a failure reserved on the
   * address budget before any account is looked up. Refused (waitMs > 0): refund it; else settle it after the check.
   */
  async reserveAddress(address: string): Promise<Reservations> {
    const reserved = await this.addresses.reserve(address);
    if (reserved.waitMs > 0) throttleRefusals.inc({ budget: 'address' });
    return new Reservations(reserved.waitMs, [reserved]);
  }

  /**
   * The second step of a password check: a failure reserved on this account at this address and on the account from
   * everywhere (not waited for by an address that signed in to it recently, but counted all the same).
   */
  async reserveAccount(account: string, address: string): Promise<Reservations> {
    const [pair, everyone, known] = await Promise.all([
      this.pairs.reserve(pairKey(account, address)),
      this.accounts.reserve(account),
      this.known.get(pairKey(account, address)),
    ]);
    const everyoneWait = known ? 0 : everyone.waitMs;
    if (pair.waitMs > 0 || everyoneWait > 0) throttleRefusals.inc({ budget: refusingBudget(pair.waitMs) });
    return new Reservations(Math.max(pair.waitMs, everyoneWait), [pair, everyone]);
  }

  /** A wrong secret whose address budget was reserved: counted on this account at this address and from everywhere. */
  async failedAccount(account: string, address: string) {
    await Promise.all([this.pairs.fail(pairKey(account, address)), this.accounts.fail(account)]);
  }

  /**
   * Milliseconds this address must wait before any sign-in; 0 when it may try now. A read: an attempt that checks
   * a secret reserves instead (reserveAddress), or a burst would all read the same budget.
   */
  async addressWaitMs(address: string): Promise<number> {
    const wait = await this.addresses.waitMs(address);
    if (wait > 0) throttleRefusals.inc({ budget: 'address' });
    return wait;
  }

  /** Milliseconds before this address may try this account again; 0 when it may try now. A read, as addressWaitMs. */
  async accountWaitMs(account: string, address: string): Promise<number> {
    const [pair, known] = await Promise.all([this.pairs.waitMs(pairKey(account, address)), this.known.get(pairKey(account, address))]);
    const everyone = known ? 0 : await this.accounts.waitMs(account);
    if (pair > 0 || everyone > 0) throttleRefusals.inc({ budget: refusingBudget(pair) });
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

/**
 * The label of an account refusal: the pair budget whenever it refuses, as the narrower of the two, and not the longer
 * wait (equal budgets failed by one request differ by the milliseconds between their two writes).
 */
function refusingBudget(pairWaitMs: number) {
  return pairWaitMs > 0 ? 'account-address' : 'account';
}

function pairKey(account: string, address: string) {
  return `${account}\n${address}`;
}
