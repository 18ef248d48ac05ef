// Issue 35: "a burst test for every budget". The sign-in budgets reserve before they check (login-burst.test.ts);
// the others take their point in one atomic step of the shared store, and a burst sent at once gets exactly the budget.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SelfServiceLimits } from '@/lib/identity/self-service/limits';
import type { LimitStore } from '@/lib/limits';
import { take } from '@/lib/server/rate-limit';
import { limitEngines } from '../support/limit-engines';

const engines = limitEngines('budget_bursts');

const from = (address: string) => ({ headers: {}, socket: { remoteAddress: address } }) as unknown as IncomingMessage;

describe.each(engines)('a burst against a budget on $name', ({ open, close }) => {
  let limits: LimitStore;
  beforeAll(async () => {
    limits = await open();
  });
  afterAll(() => close(limits));

  it('self-service forms: 40 sign-ups at once from one address get exactly its 10 an hour, and 20 for one e-mail address its 3', async () => {
    const selfService = new SelfServiceLimits(limits, { trustProxy: false, trustProxyHops: 1 }, 10);
    const address = `203.0.113.${crypto.randomInt(1, 255)}`;
    const answers = await Promise.all(Array.from({ length: 40 }, () => selfService.take('signup', from(address))));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    const email = `burst-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const perEmail = await Promise.all(Array.from({ length: 20 }, (_, i) => selfService.take('reset', from(`198.51.100.${i + 1}`), email)));
    expect(perEmail.filter((a) => a.allowed)).toHaveLength(3);
  });

  it('a rate rule (the Explorer\'s visitors, a Place API client): 50 at once get exactly its points', async () => {
    const rule = { name: 'burst-rule', points: 7, durationSec: 60 };
    const key = crypto.randomBytes(6).toString('hex');
    const answers = await Promise.all(Array.from({ length: 50 }, () => take(limits, rule, key)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(7);
    expect(answers.filter((a) => !a.allowed).every((a) => !a.allowed && a.retryAfterSeconds >= 1)).toBe(true);
  });
});
