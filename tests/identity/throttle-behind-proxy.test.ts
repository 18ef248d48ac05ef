import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, passwordGrant, startApiServer, throttled } from './support';

/** Failed guesses, each naming another account and forging another leftmost X-Forwarded-For entry, until refused. */
async function guessesUntilThrottled(app: App, forwardedFor: (i: number) => string, max = 30): Promise<number> {
  for (let i = 0; i < max; i++) {
    const answer = await passwordGrant(app, { username: `nobody-${i}`, password: 'guess' }, { 'x-forwarded-for': forwardedFor(i) });
    expect(answer.body.error).toBe('invalid_grant');
    if (throttled(answer)) return i;
  }
  return max;
}

// Finding 2 of issue 17: with TRUST_PROXY=true the throttle keyed on the leftmost X-Forwarded-For entry, which the
// client writes itself; a new value per attempt gave every guess a fresh address budget.
describe('login throttle bypass behind a proxy', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApiServer({ trustProxy: true, trustProxyHops: 1 });
  });
  afterAll(() => app?.close());

  it('keys on the address the trusted proxy saw, so a forged X-Forwarded-For prefix buys no new attempts', async () => {
    const attacker = '203.0.113.7';
    // The per-address budget is 20 failures (docs/security.md).
    expect(await guessesUntilThrottled(app, (i) => `198.51.100.${i}, ${attacker}`)).toBeLessThanOrEqual(21);
    const again = await passwordGrant(app, { username: 'nobody-else', password: 'guess' }, { 'x-forwarded-for': `192.0.2.200, ${attacker}` });
    expect(throttled(again)).toBe(true);

    // Another client behind the same proxy keeps its own budget.
    const other = await passwordGrant(app, { username: 'nobody-else', password: 'guess' }, { 'x-forwarded-for': '203.0.113.8' });
    expect(other.body.error).toBe('invalid_grant');
    expect(throttled(other)).toBe(false);
  });
});

describe('TRUST_PROXY_HOPS', () => {
  it('takes the entry the outermost of two trusted proxies appended', async () => {
    const app = await startApiServer({ trustProxy: true, trustProxyHops: 2 });
    try {
      expect(await guessesUntilThrottled(app, (i) => `198.51.100.${i}, 203.0.113.7, 10.0.0.${i}`)).toBeLessThanOrEqual(21);
    } finally {
      await app.close();
    }
  });
});
