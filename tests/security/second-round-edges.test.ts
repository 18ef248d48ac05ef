// Edges the whole mutation run of 23 November 2026 left unpinned: the Place API limiter's refusal count on
// /metrics and its rule checks, Sec-Fetch-Site "none", the tie between two throttle budgets, and client
// addresses (ports on longer IPv4 octets, mapped-looking IPv6, a trailing comma, a socket without an address,
// an IPv6 /64 whose zeros sit on the left).
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSameOriginRequest } from '@/lib/auth/same-origin';
import { LOGIN_LIMITS, LoginThrottle } from '@/lib/identity/throttle';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { limitRefusals, throttleRefusals } from '@/lib/metrics/metrics';
import { addressBucket, clientAddress } from '@/lib/server/client-address';
import { perMinuteRule, take } from '@/lib/server/rate-limit';

const count = async (metric: typeof limitRefusals | typeof throttleRefusals, label: string, value: string) =>
  (await metric.get()).values.find((v) => (v.labels as Record<string, string>)[label] === value)?.value ?? 0;

describe('the Place API limiter', () => {
  it('counts a refusal on /metrics under the rule\'s name, and nothing for an allowed request', async () => {
    const limits = limitStoreOn(memoryEngine());
    const rule = perMinuteRule('edge-limit', 60, 2);
    const before = await count(limitRefusals, 'limit', 'edge-limit');
    expect((await take(limits, rule, 'c')).allowed).toBe(true);
    expect((await take(limits, rule, 'c')).allowed).toBe(true);
    expect(await count(limitRefusals, 'limit', 'edge-limit')).toBe(before);
    expect((await take(limits, rule, 'c')).allowed).toBe(false);
    expect(await count(limitRefusals, 'limit', 'edge-limit')).toBe(before + 1);
  });

  it('refuses a rate or a burst that is zero, negative or not a number, saying which', () => {
    for (const [perMinute, burst] of [[60, 0], [60, -1], [60, Number.NaN], [0, 30], [-5, 30]]) {
      expect(() => perMinuteRule('x', perMinute, burst)).toThrow('perMinute and burstSeconds must be > 0');
    }
    expect(perMinuteRule('x', 60, 0.5)).toEqual({ name: 'x', points: 1, durationSec: 1 });
  });
});

describe('same-origin check', () => {
  it('accepts Sec-Fetch-Site "none" (typed in the address bar) and nothing but the two safe values', () => {
    const post = (site: string) => new Request('http://localhost:3100/x', { method: 'POST', headers: { 'sec-fetch-site': site } });
    expect(isSameOriginRequest(post('none'), 'http://localhost:3100')).toBe(true);
    expect(isSameOriginRequest(post('same-site'), 'http://localhost:3100')).toBe(false);
    expect(isSameOriginRequest(post(''), 'http://localhost:3100')).toBe(false);
  });
});

describe('login throttle refusals', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(9_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('counts a refusal under the account-and-address budget when both budgets ask for the same wait', async () => {
    const small = { freeFailures: 2, maxDelayMs: 8000, windowMs: 60_000 };
    const throttle = new LoginThrottle(limitStoreOn(memoryEngine()), { ...LOGIN_LIMITS, accountAtAddress: small, account: small });
    for (let i = 0; i < 3; i++) await throttle.failed('id:tie', '10.9.0.1');
    const pair = await count(throttleRefusals, 'budget', 'account-address');
    const account = await count(throttleRefusals, 'budget', 'account');
    expect(await throttle.accountWaitMs('id:tie', '10.9.0.1')).toBe(1000);
    expect(await count(throttleRefusals, 'budget', 'account-address')).toBe(pair + 1);
    expect(await count(throttleRefusals, 'budget', 'account')).toBe(account);
  });
});

describe('client addresses', () => {
  const request = (socket: string | undefined, forwardedFor?: string) =>
    ({ socket: { remoteAddress: socket }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;
  const trust = { trustProxy: true, trustProxyHops: 1 };

  it('drops the port of an IPv4 address whatever the length of its octets', () => {
    expect(clientAddress(request('10.0.0.2', '198.51.100.7:443'), trust)).toBe('198.51.100.7');
  });

  it('keeps an IPv6 address that only ends like an IPv4 one, and unmaps only ::ffff:', () => {
    expect(clientAddress(request('10.0.0.2', '::abcd:192.0.2.1'), trust)).toBe('::abcd:192.0.2.1');
    expect(clientAddress(request('10.0.0.2', '::ffff:192.0.2.1'), trust)).toBe('192.0.2.1');
  });

  it('skips empty entries (a trailing comma) when counting hops from the right', () => {
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7,'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', '198.51.100.1,, 203.0.113.7'), { trustProxy: true, trustProxyHops: 2 })).toBe('198.51.100.1');
  });

  it('names a socket without an address "unknown"', () => {
    expect(clientAddress(request(undefined), { trustProxy: false, trustProxyHops: 1 })).toBe('unknown');
    expect(clientAddress(request(undefined, 'garbage'), trust)).toBe('unknown');
  });

  it('fills the zeros of "::" in the right place when most groups come after it', () => {
    expect(addressBucket('1::2:3:4:5:6')).toBe('1:0:0:2::/64');
    expect(addressBucket('1:2::3:4:5:6:7')).toBe('1:2:0:3::/64');
  });
});
