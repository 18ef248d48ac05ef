import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCredentials } from '@/lib/server/demo-credentials';
import { identityRequests, judge, type FuzzKeys } from '@/scripts/hardening/support/fuzz-cases';
import { fuzzKeys } from '@/scripts/hardening/support/fuzz-keys';
import { startApiServer } from '../support/test-server';

let app: Awaited<ReturnType<typeof startApiServer>>;
let keys: FuzzKeys;

beforeAll(async () => {
  app = await startApiServer();
  keys = await fuzzKeys(app.url, readDemoCredentials(app.context.dataDir));
});
afterAll(async () => {
  await app?.close();
});

describe('identity endpoints under generated hostile input', () => {
  it('answer authorize, token, userinfo, end session and the rest without a 5xx, a stack trace or a hang', async () => {
    await fc.assert(
      fc.asyncProperty(identityRequests(keys), async (req) => {
        const verdict = await judge(app.url, req);
        expect(verdict, `${req.method} ${req.path} ${JSON.stringify(req.headers)} ${req.body ?? ''}`).toMatchObject({ ok: true });
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});
