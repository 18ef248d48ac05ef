// Issue 35, finding 1: an Explorer session ends with the person's access. Real sign-ins (the authorization code flow
// of the Explorer's own client, offline_access included) against a real identity server; the session cookie's
// content is built as next-auth's jwt callback builds it, and "ten minutes later" is its access token aged in it.
import * as oidc from 'openid-client';
import type { JWT } from 'next-auth/jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmSession } from '@/lib/auth/confirm-session';
import { forgetConfig } from '@/lib/config/runtime';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/auth/session-lifetime';
import { parseUserClaim } from '@/lib/auth/user-claim';
import { runIdentityCli } from '@/lib/identity/cli';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { authorize, Browser, clientConfig, demo, startApiServer, type App } from '../identity/support';
import { tempDataDir } from '../support/test-server';

let app: App;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  app = await startApiServer();
  Object.assign(process.env, {
    NEXTAUTH_URL: app.config.publicUrl,
    IDENTITY_CLIENT_ID: EXPLORER_CLIENT_ID,
    IDENTITY_CLIENT_SECRET: demo(app).secret(EXPLORER_CLIENT_ID),
    // The Explorer's own records (ended sessions) in a directory of their own, as the app's would be.
    DATA_DIR: tempDataDir('explorer-sessions'),
  });
  forgetConfig();
}, 180_000);

afterAll(async () => {
  delete process.env.IDENTITY_CLIENT_ID;
  delete process.env.IDENTITY_CLIENT_SECRET;
  forgetConfig();
  await app?.close();
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.IDENTITY_ISSUER;
  forgetConfig();
});

/** Signs in through the identity server's pages as next-auth does, and returns what the session cookie would hold. */
async function signIn(username: string, password = demo(app).password(username)): Promise<{ token: JWT; browser: Browser }> {
  const config = await clientConfig(app, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(app).secret(EXPLORER_CLIENT_ID)));
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${app.config.publicUrl}/api/auth/callback/identity`,
    scope: 'openid email profile cosmos offline_access',
    prompt: 'consent',
    state,
    nonce,
  });
  const browser = new Browser(app);
  const result = await authorize(browser, url, { username, password });
  const tokens = await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state, expectedNonce: nonce });
  const claims = tokens.claims()!;
  expect(tokens.refresh_token).toBeTruthy();
  return {
    browser,
    token: {
      sub: claims.sub,
      sid: claims.sid as string,
      organizations: parseUserClaim(claims.user, () => {}),
      accessToken: tokens.access_token,
      accessTokenExpiresAt: now() + (tokens.expires_in ?? 600),
      refreshToken: tokens.refresh_token,
      signedInAt: now(),
    },
  };
}

/** The same cookie ten minutes later: its access token has expired. */
const aged = (token: JWT): JWT => ({ ...token, accessTokenExpiresAt: now() - 60 });
const organizationIds = (token: JWT | null) => token?.organizations?.map((o) => o.id).sort();

function account(token: string, path: string, method: string, body?: unknown) {
  return fetch(`${app.url}/identity/api/account${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe('an Explorer session', () => {
  it('ends twelve hours after its sign-in however often its cookie was re-issued, and one without a sign-in time is over', async () => {
    const { token } = await signIn('traveler');
    expect(await confirmSession(token)).not.toBeNull();
    expect(await confirmSession({ ...token, signedInAt: now() - SESSION_MAX_AGE_SECONDS + 60 })).not.toBeNull();
    expect(await confirmSession({ ...token, signedInAt: now() - SESSION_MAX_AGE_SECONDS })).toBeNull();
    expect(await confirmSession({ ...token, signedInAt: undefined })).toBeNull();
  });

  it('follows a removal from an organization, with its access token live (within seconds) or expired (refreshed at once)', async () => {
    const { token } = await signIn('dealer');
    expect(organizationIds(token)).toEqual(['org-roamwell', 'org-summit-rv']);
    const live = token;
    const expired = aged(token);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    expect(organizationIds(await confirmSession(live))).toEqual(['org-roamwell', 'org-summit-rv']);

    await runIdentityCli(['memberships', 'remove', '--user', 'dealer', '--org', 'org-summit-rv'], app.config.dataDir);

    // The expired token is refreshed, and the new one reads the organizations as they are now.
    const refreshed = await confirmSession(expired);
    expect(organizationIds(refreshed)).toEqual(['org-roamwell']);
    expect(refreshed!.accessToken).not.toBe(token.accessToken);
    expect(refreshed!.accessTokenExpiresAt).toBeGreaterThan(now());
    // The live one's last answer is reused for five seconds, then asked again.
    vi.setSystemTime(Date.now() + 6_000);
    expect(organizationIds(await confirmSession(live))).toEqual(['org-roamwell']);
    await runIdentityCli(['memberships', 'add', '--user', 'dealer', '--org', 'org-summit-rv', '--role', 'role-summit-sales'], app.config.dataDir);
  });

  it('ends when the person signs out their other sessions, whether its access token is live or expired; the session that asked stays', async () => {
    const elsewhere = await signIn('traveler');
    const here = await signIn('traveler');
    expect((await account(here.token.accessToken!, '/sessions/end-others', 'POST')).status).toBe(200);
    expect(await confirmSession(elsewhere.token)).toBeNull();
    expect(await confirmSession(aged(elsewhere.token))).toBeNull();
    expect(await confirmSession(here.token)).not.toBeNull();
  });

  it('ends when the password is changed by its owner or set by an operator, and when the account is deleted', async () => {
    await runIdentityCli(['users', 'create', '--username', 'rita', '--email', 'rita@example.com', '--given-name', 'Rita', '--family-name', 'Moreno', '--password', 'granite harbor kettle 7', '--verified'], app.config.dataDir);
    const first = await signIn('rita', 'granite harbor kettle 7');
    const second = await signIn('rita', 'granite harbor kettle 7');
    expect((await account(second.token.accessToken!, '/password', 'PUT', { currentPassword: 'granite harbor kettle 7', newPassword: 'velvet canyon lantern 9' })).status).toBe(200);
    expect(await confirmSession(first.token)).toBeNull();
    expect(await confirmSession(aged(first.token))).toBeNull();

    const third = await signIn('rita', 'velvet canyon lantern 9');
    await runIdentityCli(['users', 'set-password', 'rita', '--password', 'orchid meadow compass 3'], app.config.dataDir);
    expect(await confirmSession(third.token)).toBeNull();
    expect(await confirmSession(aged(third.token))).toBeNull();

    const fourth = await signIn('rita', 'orchid meadow compass 3');
    expect((await account(fourth.token.accessToken!, '', 'DELETE', { password: 'orchid meadow compass 3' })).status).toBe(204);
    expect(await confirmSession(fourth.token)).toBeNull();
    expect(await confirmSession(aged(fourth.token))).toBeNull();
  });

  it('keeps its person but no organization once its access token has expired while the identity server does not answer', async () => {
    const { token } = await signIn('dealer');
    process.env.IDENTITY_ISSUER = 'http://127.0.0.1:1/identity';
    forgetConfig();
    // A live token keeps what the cookie says until it expires...
    expect(organizationIds(await confirmSession(token))).toEqual(['org-roamwell', 'org-summit-rv']);
    // ...and after that nothing is granted on its word.
    const unconfirmed = await confirmSession(aged(token));
    expect(unconfirmed?.sub).toBe(token.sub);
    expect(unconfirmed?.organizations).toEqual([]);
  });
});
