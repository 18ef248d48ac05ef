import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { accountApiRequests, identityRequests, judge, organizationApiRequests, type FuzzKeys } from '@/scripts/hardening/support/fuzz-cases';
import { fuzzKeys } from '@/scripts/hardening/support/fuzz-keys';
import { startApiServer } from '../support/test-server';

let app: Awaited<ReturnType<typeof startApiServer>>;
let keys: FuzzKeys;

beforeAll(async () => {
  // The test client may read the organization APIs here, so generated requests reach past the client check.
  app = await startApiServer({ env: { IDENTITY_MEMBERS_API_CLIENTS: 'explorer,oidc-test-client' } });
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

  it('answer the organization APIs (members, audit) with an administrator\'s token and hostile ids, paths and methods', async () => {
    expect(keys.adminToken).toBeTruthy();
    const own = await fetch(`${app.url}/identity/api/organizations/org-summit-rv/audit`, { headers: { authorization: `Bearer ${keys.adminToken}` } });
    expect(own.status).toBe(200);
    await fc.assert(
      fc.asyncProperty(organizationApiRequests(keys), async (req) => {
        const verdict = await judge(app.url, req);
        expect(verdict, `${req.method} ${req.path} ${JSON.stringify(req.headers)}`).toMatchObject({ ok: true });
      }),
      { numRuns: 500 },
    );
  }, 120_000);

  it("answer the account API with a member's token, none or garbage, and hostile actions, methods and bodies", async () => {
    expect(keys.memberToken).toBeTruthy();
    const own = await fetch(`${app.url}/identity/api/account`, { headers: { authorization: `Bearer ${keys.memberToken}` } });
    expect(own.status).toBe(200);
    await fc.assert(
      fc.asyncProperty(accountApiRequests(keys), async (req) => {
        const verdict = await judge(app.url, req);
        expect(verdict, `${req.method} ${req.path} ${JSON.stringify(req.headers)} ${req.body?.slice(0, 200) ?? ''}`).toMatchObject({ ok: true });
      }),
      { numRuns: 300 },
    );
    // The generated requests never sign the member out: their token still reaches the account.
    const after = await fetch(`${app.url}/identity/api/account`, { headers: { authorization: `Bearer ${keys.memberToken}` } });
    expect(after.status).toBe(200);
  }, 120_000);
});
