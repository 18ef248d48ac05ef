// The login throttle under parallel requests (issue 35, finding 2): a burst of wrong passwords, or of wrong
// second-factor codes, from one address gets no more checks than the same attempts one after another, on every
// limit engine. The budgets reserve a failure before the check and refund it when the secret was right.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, type LoginResult } from '@/lib/identity/authenticate';
import type { UserRow } from '@/lib/identity/directory/types';
import { checkCode } from '@/lib/identity/second-factor/check-code';
import { CodeThrottle } from '@/lib/identity/second-factor/code-throttle';
import { LOGIN_LIMITS, LoginThrottle, type ThrottleLimits, type ThrottleOptions } from '@/lib/identity/throttle';
import type { LimitStore } from '@/lib/limits';
import { limitEngines } from '../support/limit-engines';

const BURST = 100;
const PASSWORD = 'correct horse battery staple';
const RIGHT_CODE = '246810';

// The stored format of lib/identity/passwords.ts with a tiny scrypt cost: verifyPassword reads N from the hash, so
// the check is the real one (on the thread pool, as in production), only cheap.
function fastHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize('NFKC'), salt, 32, { N: 16, r: 8, p: 1 });
  return ['scrypt', 16, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const engines = limitEngines('login_burst');

/**
 * The budgets as configured, but the first wait past the free failures is ten minutes instead of a second: whether
 * an attempt after the burst is refused then depends on the counts, never on how long a loaded machine took to send
 * the burst (a second's wait could have run out meanwhile).
 */
const patient = (o: ThrottleOptions): ThrottleOptions => ({ ...o, firstDelayMs: 10 * 60_000, maxDelayMs: Math.max(o.maxDelayMs, 10 * 60_000) });
const PATIENT_LOGIN: ThrottleLimits = { ...LOGIN_LIMITS, address: patient(LOGIN_LIMITS.address), accountAtAddress: patient(LOGIN_LIMITS.accountAtAddress), account: patient(LOGIN_LIMITS.account) };
const PATIENT_CODES = patient({ freeFailures: 5, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 });

const unique = () => crypto.randomBytes(4).toString('hex');
const checked = (results: LoginResult[]) => results.filter((r) => r.ok || r.reason === 'invalid').length;

describe.each(engines)('a burst of sign-ins on $name', ({ open, close }) => {
  let limits: LimitStore;
  beforeAll(async () => {
    limits = await open();
  });
  afterAll(() => close(limits));

  const user = (): UserRow => {
    const id = `burst-${unique()}`;
    return { id, username: id, email: `${id}@example.test`, password_hash: fastHash(PASSWORD), given_name: 'B', family_name: 'Urst', email_verified: 1 };
  };
  const accountsOf = (u: UserRow) => ({ findByLogin: async (login: string) => (login === u.username ? u : undefined) });

  it('checks no more wrong passwords from one address than one after another would, and then refuses the right one', async () => {
    const u = user();
    const throttle = new LoginThrottle(limits, PATIENT_LOGIN);
    const address = `198.51.100.${crypto.randomInt(1, 255)}-${unique()}`;
    const results = await Promise.all(Array.from({ length: BURST }, (_, i) => authenticate(accountsOf(u), throttle, u.username, `wrong ${i}`, address)));
    // At most the free failures of the account at this address and the one after them that is still let through
    // (as many as one after another; fewer when another budget counts an attempt still in flight against it).
    const allowed = LOGIN_LIMITS.accountAtAddress.freeFailures + 1;
    expect(results.filter((r) => r.ok)).toHaveLength(0);
    expect(checked(results)).toBeGreaterThan(0);
    expect(checked(results)).toBeLessThanOrEqual(allowed);
    const refused = results.filter((r) => !r.ok && r.reason === 'throttled');
    expect(refused).toHaveLength(BURST - checked(results));
    expect(refused.every((r) => !r.ok && (r.retryAfterSeconds ?? 0) >= 1)).toBe(true);

    // Then wrong passwords one after another until the throttle refuses: with the burst's, exactly as many are checked
    // as one after another would be (the burst checks fewer when an attempt still in flight counted against another).
    let total = checked(results);
    for (let i = 0; i < allowed; i++) {
      const next = await authenticate(accountsOf(u), throttle, u.username, `wrong after ${i}`, address);
      if (!next.ok && next.reason === 'throttled') break;
      total++;
    }
    expect(total).toBe(allowed);
    const right = await authenticate(accountsOf(u), throttle, u.username, PASSWORD, address);
    expect(right).toMatchObject({ ok: false, reason: 'throttled' });
  });

  it('counts a burst at an unknown name the same way, and a burst over many names against the address', async () => {
    const throttle = new LoginThrottle(limits, PATIENT_LOGIN);
    const nobody = { findByLogin: async () => undefined };
    const address = `203.0.113.${crypto.randomInt(1, 255)}-${unique()}`;
    const name = `nobody-${unique()}`;
    const one = await Promise.all(Array.from({ length: 30 }, () => authenticate(nobody, throttle, name, 'guess', address)));
    expect(checked(one)).toBeGreaterThan(0);
    expect(checked(one)).toBeLessThanOrEqual(LOGIN_LIMITS.accountAtAddress.freeFailures + 1);

    const other = `203.0.113.${crypto.randomInt(1, 255)}-${unique()}`;
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => authenticate(nobody, throttle, `nobody-${i}-${unique()}`, 'guess', other)));
    expect(checked(many)).toBe(LOGIN_LIMITS.address.freeFailures + 1);
  });

  it('takes back the reservation of a right password: sign-ins that succeed are not counted against the address', async () => {
    const u = user();
    const throttle = new LoginThrottle(limits, PATIENT_LOGIN);
    const address = `192.0.2.${crypto.randomInt(1, 255)}-${unique()}`;
    // More than every budget's free failures, one after another: each reservation was taken back.
    for (let i = 0; i < 30; i++) expect((await authenticate(accountsOf(u), throttle, u.username, PASSWORD, address)).ok).toBe(true);
    // Sent at once, as many as the account's free failures at this address and the one after them.
    const results = await Promise.all(Array.from({ length: LOGIN_LIMITS.accountAtAddress.freeFailures + 1 }, () => authenticate(accountsOf(u), throttle, u.username, PASSWORD, address)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await throttle.addressWaitMs(address)).toBe(0);
    expect(await throttle.accountWaitMs(`id:${u.id}`, address)).toBe(0);
  });

  it('checks no more wrong second-factor codes than one after another would, and then refuses the right one', async () => {
    const throttle = new LoginThrottle(limits, PATIENT_LOGIN);
    const codeThrottle = new CodeThrottle(limits, PATIENT_CODES);
    // The check of a code reads the account's factors: it yields to the event loop like the real one.
    const totp = { verify: async (_id: string, code: string) => new Promise<'otp' | null>((resolve) => setImmediate(() => resolve(code === RIGHT_CODE ? 'otp' : null))) };
    const deps = { totp, codeThrottle, throttle };
    const userId = `burst-${unique()}`;
    const address = `198.51.100.${crypto.randomInt(1, 255)}-${unique()}`;
    const results = await Promise.all(Array.from({ length: BURST }, (_, i) => checkCode(deps, userId, String(100000 + i), address)));
    // The code budget: five free, and the one after them (fewer when the address budget counts one still in flight).
    const wrong = results.filter((r) => !r.ok && r.waitMs === 0).length;
    expect(results.filter((r) => r.ok)).toHaveLength(0);
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThanOrEqual(6);
    expect(results.filter((r) => !r.ok && r.waitMs > 0)).toHaveLength(BURST - wrong);

    // Then wrong codes one after another until the budget refuses: with the burst's, exactly the five free and one more.
    let total = wrong;
    for (let i = 0; i < 6; i++) {
      const next = await checkCode(deps, userId, String(900000 + i), address);
      if (!next.ok && next.waitMs > 0) break;
      total++;
    }
    expect(total).toBe(6);
    const right = await checkCode(deps, userId, RIGHT_CODE, address);
    expect(right.ok).toBe(false);
    expect(!right.ok && right.waitMs).toBeGreaterThan(0);
  });

  it('takes back the address reservation of a right code, and clears the account\'s wrong codes', async () => {
    const throttle = new LoginThrottle(limits, PATIENT_LOGIN);
    const codeThrottle = new CodeThrottle(limits, PATIENT_CODES);
    const deps = { totp: { verify: async (_id: string, code: string) => (code === RIGHT_CODE ? ('otp' as const) : null) }, codeThrottle, throttle };
    const address = `192.0.2.${crypto.randomInt(1, 255)}-${unique()}`;
    for (let i = 0; i < 30; i++) expect((await checkCode(deps, `burst-${unique()}`, RIGHT_CODE, address)).ok).toBe(true);
    const userId = `burst-${unique()}`;
    for (let i = 0; i < 3; i++) expect((await checkCode(deps, userId, '000000', address)).ok).toBe(false);
    expect((await checkCode(deps, userId, RIGHT_CODE, address)).ok).toBe(true);
    expect(await codeThrottle.waitMs(userId)).toBe(0);
    expect(await throttle.addressWaitMs(address)).toBe(0);
  });
});
