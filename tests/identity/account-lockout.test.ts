import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, demo, passwordGrant, startApiServer, throttled } from './support';

// Finding 3 of issue 17: the per-account budget was keyed on the typed name, so a username and its e-mail address
// were two budgets (twice the guesses), and anyone who knew a name could keep its owner locked out.
describe('per-account lockout keyed on the typed name', () => {
  let app: App;
  const from = (address: string) => ({ 'x-forwarded-for': address });
  beforeAll(async () => {
    app = await startApiServer({ trustProxy: true });
  });
  afterAll(() => app?.close());

  it('counts a username and the e-mail address of one account in one budget', async () => {
    const attacker = from('198.51.100.1');
    for (const username of ['dealer', 'dealer', 'dealer', 'dan.dealer@example.com', 'dan.dealer@example.com', 'DAN.DEALER@example.com']) {
      const answer = await passwordGrant(app, { username, password: 'wrong guess' }, attacker);
      expect(throttled(answer)).toBe(false);
    }
    // Six failures against one account from one address (five are free): even the right password waits now.
    const next = await passwordGrant(app, { username: 'dan.dealer@example.com', password: demo(app).password('dealer') }, attacker);
    expect(next.status).toBe(400);
    expect(throttled(next)).toBe(true);
  });

  it('slows guesses from many addresses without locking the owner out where they signed in before', async () => {
    const password = demo(app).password('admin');
    const home = from('192.0.2.10');
    expect((await passwordGrant(app, { username: 'admin', password }, home)).status).toBe(200);

    let refusedAfter = -1;
    for (let i = 0; i < 15 && refusedAfter < 0; i++) {
      const answer = await passwordGrant(app, { username: i % 2 ? 'admin' : 'ada.admin@example.com', password: 'wrong guess' }, from(`203.0.113.${i + 1}`));
      if (throttled(answer)) refusedAfter = i;
    }
    // Ten failures are free account-wide; the eleventh makes everyone else wait (at most a minute, docs/security.md).
    expect(refusedAfter).toBe(11);
    expect(throttled(await passwordGrant(app, { username: 'admin', password }, from('203.0.113.200')))).toBe(true);

    const owner = await passwordGrant(app, { username: 'admin', password }, home);
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toBeTruthy();
    expect((await passwordGrant(app, { username: 'ada.admin@example.com', password }, home)).status).toBe(200);
  });
});
