import crypto from 'node:crypto';
import { expect, test as base, type BrowserContext } from '@playwright/test';
import { AuthDriver } from './support/auth-driver';
import { startTwoInstances, type InstanceName, type TwoInstances } from './support/two-instances';

// Issue 14: a logout reaches every instance at once. Two full instances (Next included) on one PostgreSQL and one
// Redis behind a balancer the test steers; the back-channel logout lands on one instance (the identity server posts
// it to PUBLIC_URL, the balancer), and the Explorer session is asked about at the other one, directly.
let cluster: TwoInstances;

// The pages go to the balancer, whose address is known once it has bound its port (port 0): a worker fixture starts
// the two instances before any page needs the address (a beforeAll hook runs after the pages' options are set).
const test = base.extend<object, { twoInstances: TwoInstances }>({
  twoInstances: [
    async ({}, provide) => {
      cluster = await startTwoInstances();
      try {
        await provide(cluster);
      } finally {
        await cluster.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ twoInstances }, provide) => provide(twoInstances.publicUrl),
});

/** What the browser would send to either instance: cookies are per host, not per port, and all of them are localhost's. */
async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies())
    .filter((c) => c.domain === 'localhost')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

/** The Explorer's session as one instance sees these cookies. */
async function explorerSessionAt(name: InstanceName, cookie: string) {
  const res = await fetch(`${cluster.url[name]}/api/session`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { signedIn: boolean; user?: { name: string | null }; activeOrganizationId?: string | null };
}

/** The cookie header after a response's Set-Cookie lines, as the browser would send it next. */
function withSetCookies(cookie: string, setCookies: string[]): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
  for (const line of setCookies) {
    const pair = line.split(';')[0];
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The identity session as one instance sees these cookies: a silent sign-in (prompt=none) answers `code` or its error. */
async function identitySessionAt(name: InstanceName, cookie: string): Promise<string> {
  const discovery = (await (await fetch(`${cluster.url[name]}/identity/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };
  const random = () => crypto.randomBytes(16).toString('base64url');
  const params = new URLSearchParams({
    client_id: 'explorer',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${cluster.publicUrl}/api/auth/callback/identity`,
    prompt: 'none',
    state: random(),
    nonce: random(),
    code_challenge: crypto.createHash('sha256').update(random()).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const res = await fetch(`${cluster.url[name]}${new URL(discovery.authorization_endpoint).pathname}?${params}`, { headers: { cookie }, redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '', cluster.publicUrl);
  expect(location.pathname, `${res.status} ${location}`).toBe('/api/auth/callback/identity');
  return location.searchParams.has('code') ? 'code' : (location.searchParams.get('error') ?? location.search);
}

const accepted = (name: InstanceName) => cluster.logLines(name).filter((line) => line.includes('back-channel logout accepted')).length;

test.describe('a session signed in at one of two instances', () => {
  test('signed in through A, the organization switcher and a token refresh work through B, and A sees both', async ({ page, context }, testInfo) => {
    const auth = new AuthDriver(page, testInfo, cluster.seedDir);
    cluster.routeTo('A');
    await auth.openHome();
    await auth.signInAs('admin');

    cluster.routeTo('B');
    await auth.openHome();
    const target = (await auth.sessionSummary()).activeOrganizationId === 'org-lakeside-tourism' ? 'org-summit-rv' : 'org-lakeside-tourism';
    await auth.switchOrganization(target);
    const switched = await cookieHeader(context);
    expect(await explorerSessionAt('A', switched)).toMatchObject({ signedIn: true, activeOrganizationId: target });

    // A refresh at B: the identity server (through the balancer, at B too) rotates the refresh token, and the
    // session cookie B writes is the one A then reads.
    const failuresBefore = cluster.logLines('B').filter((line) => line.includes('access token refresh failed')).length;
    const refreshed = await fetch(`${cluster.url.B}/api/session/refresh?returnTo=/`, { headers: { cookie: switched }, redirect: 'manual' });
    expect(refreshed.status).toBe(303);
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith('next-auth.session-token'))).toBe(true);
    expect(cluster.logLines('B').filter((line) => line.includes('access token refresh failed')).length).toBe(failuresBefore);
    const after = withSetCookies(switched, refreshed.headers.getSetCookie());
    expect(after).not.toBe(switched);
    expect(await explorerSessionAt('A', after)).toMatchObject({ signedIn: true, activeOrganizationId: target });
  });
});

test.describe('a logout on one of two instances', () => {
  test('a back-channel logout delivered to B ends the Explorer session and the identity session at A at once', async ({ page, context }, testInfo) => {
    const auth = new AuthDriver(page, testInfo, cluster.seedDir);
    cluster.routeTo('A');
    await auth.openHome();
    await auth.signInAs('traveler');
    const cookies = await cookieHeader(context);
    for (const name of ['A', 'B'] as const) expect((await explorerSessionAt(name, cookies)).signedIn, name).toBe(true);
    expect(await identitySessionAt('B', cookies)).toBe('code');

    // The identity session ends at B, without the Explorer taking part (another app, another tab).
    cluster.routeTo('B');
    const [sent, acceptedBefore] = [cluster.backchannel.length, { A: accepted('A'), B: accepted('B') }];
    await auth.endIdentitySessionElsewhere();
    // oidc-provider answers the confirmation after its logout tokens were delivered: B took this one, A none.
    expect(cluster.backchannel.slice(sent)).toEqual([{ to: 'B', status: 200 }]);
    expect({ A: accepted('A'), B: accepted('B') }).toEqual({ A: acceptedBefore.A, B: acceptedBefore.B + 1 });

    // The Explorer's cookie is still in the browser; A refuses it now, no wait.
    const after = await cookieHeader(context);
    expect(after).toContain('next-auth.session-token=');
    expect(await explorerSessionAt('A', after)).toEqual({ signedIn: false });
    expect(await identitySessionAt('A', after)).toBe('login_required');
    cluster.routeTo('A');
    await auth.openHome();
    await expect(auth.header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('signing out of the Explorer at A ends the session at B: the cookie copied before is refused there at once', async ({ page, context }, testInfo) => {
    const auth = new AuthDriver(page, testInfo, cluster.seedDir);
    cluster.routeTo('B');
    await auth.openHome();
    await auth.signInAs('dealer');
    const cookies = await cookieHeader(context);
    for (const name of ['A', 'B'] as const) expect((await explorerSessionAt(name, cookies)).signedIn, name).toBe(true);
    expect(await identitySessionAt('A', cookies)).toBe('code');

    // RP-initiated logout at A: the Explorer's Sign out (its ID token hint, saved at B, found at A: no question),
    // then the identity server's end-session endpoint, whose logout token the balancer gives to A.
    cluster.routeTo('A');
    const sent = cluster.backchannel.length;
    expect(await auth.signOutEverywhere()).toEqual([]);
    expect(cluster.backchannel.slice(sent)).toEqual([{ to: 'A', status: 200 }]);

    expect(await explorerSessionAt('B', cookies)).toEqual({ signedIn: false });
    expect(await identitySessionAt('B', cookies)).toBe('login_required');
  });
});
