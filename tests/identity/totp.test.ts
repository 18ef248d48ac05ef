import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { Browser, clientConfig, demo, passwordGrant, startApiServer, type App, csrfOf } from './support';

let app: App;
let config: oidc.Configuration;
const redirectUri = () => `${app.config.publicUrl}/api/auth/callback/identity`;

beforeAll(async () => {
  app = await startApiServer();
  config = await clientConfig(app, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(app).secret(EXPLORER_CLIENT_ID)));
});
afterAll(async () => {
  await app?.close();
});


/** A browser sign-in through the login page and, when asked, the second step; the tokens and the ID token's claims. */
async function signIn(username: string, code?: string) {
  const browser = new Browser(app);
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri(), scope: 'openid cosmos', state });
  const start = await browser.fetch(url.href);
  const uid = /\/identity\/interaction\/([^/?]+)$/.exec(start.headers.get('location')!)![1];
  const view = (await (await browser.fetch(`/identity/interaction/${uid}`, { headers: { accept: 'application/json' } })).json()) as { csrf: string };
  let res = await browser.postForm(`/identity/interaction/${uid}/login`, { csrf: view.csrf, login: username, password: demo(app).password(username) });
  if (res.headers.get('location') === `/identity/interaction/${uid}/totp`) {
    if (code === undefined) return { secondStep: true as const };
    const page = await browser.fetch(`/identity/interaction/${uid}/totp`);
    const html = await page.text();
    expect(html).toContain('Two-factor sign-in');
    res = await browser.postForm(`/identity/interaction/${uid}/totp`, { csrf: csrfOf(html), code });
    if (res.status !== 303) return { secondStep: true as const, status: res.status, html: await res.text() };
  }
  for (let hops = 0; hops < 10; hops++) {
    const location = new URL(res.headers.get('location')!, app.config.publicUrl);
    if (location.href.startsWith(redirectUri())) {
      const tokens = await oidc.authorizationCodeGrant(config, location, { expectedState: state });
      return { secondStep: false as const, tokens, claims: tokens.claims()! };
    }
    res = await browser.fetch(location.pathname + location.search);
  }
  throw new Error('no redirect back');
}

/** An access token of Summit RV's administrator (the demo's admin, before the last test gives it a second factor). */
async function adminAccessToken(): Promise<string> {
  const admin = await signIn('admin');
  if (admin.secondStep) throw new Error('unexpected second step for admin');
  return admin.tokens.access_token;
}

async function api(token: string, method: string, body?: unknown) {
  const res = await fetch(`${app.url}/identity/api/account/totp`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

describe('TOTP two-factor sign-in', () => {
  it('says amr pwd for a password-only sign-in', async () => {
    const plain = await signIn('traveler');
    expect(plain.secondStep).toBe(false);
    if (!plain.secondStep) expect(plain.claims.amr).toEqual(['pwd']);
    // The password grant is a password sign-in too.
    const grant = await passwordGrant(app, { username: 'traveler', password: demo(app).password('traveler') });
    expect(grant.status).toBe(200);
    expect(decodeJwt(grant.body.id_token).amr).toEqual(['pwd']);
  });

  it('enrolls with a QR code and a first code, then asks every sign-in for a code or a recovery code', async () => {
    const first = await signIn('dealer');
    if (first.secondStep) throw new Error('no second step expected yet');
    const begun = await api(first.tokens.access_token, 'POST', { password: demo(app).password('dealer') });
    expect(begun.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = begun.body.data as { secret: string; otpauthUrl: string; qrCode: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Trip%20Explorer:dealer\?/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

    expect((await api(first.tokens.access_token, 'PUT', { code: '000000', password: demo(app).password('dealer') })).status).toBe(400);
    const confirmedAt = Date.now();
    const firstCode = totp.generate({ timestamp: confirmedAt });
    const confirmed = await api(first.tokens.access_token, 'PUT', { code: firstCode, password: demo(app).password('dealer') });
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body.data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    // The code used to confirm is spent: the same one cannot sign in; the next step's can.
    const reused = await signIn('dealer', firstCode);
    expect(reused).toMatchObject({ secondStep: true, status: 401 });
    expect(await signIn('dealer')).toEqual({ secondStep: true });
    const next = await signIn('dealer', totp.generate({ timestamp: confirmedAt + 30_000 }));
    if (next.secondStep) throw new Error(`code refused: ${next.html}`);
    expect(next.claims.amr).toEqual(['pwd', 'otp', 'mfa']);

    const recovered = await signIn('dealer', recoveryCodes[0].toUpperCase());
    if (recovered.secondStep) throw new Error('recovery code refused');
    expect(recovered.claims.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(await signIn('dealer', recoveryCodes[0])).toMatchObject({ secondStep: true, status: 401 });

    const grant = await passwordGrant(app, { username: 'dealer', password: demo(app).password('dealer') });
    expect(grant.status).toBe(400);
    expect(grant.body.error_description).toContain('two-factor');

    const account = (await (await fetch(`${app.url}/identity/api/account`, { headers: { authorization: `Bearer ${recovered.tokens.access_token}` } })).json()) as {
      data: { twoFactor: { totp: boolean; recoveryCodesLeft: number } };
    };
    expect(account.data.twoFactor).toEqual({ totp: true, recoveryCodesLeft: 9 });

    expect((await api(recovered.tokens.access_token, 'DELETE', { password: 'wrong' })).status).toBe(403);
    expect((await api(recovered.tokens.access_token, 'DELETE', { password: demo(app).password('dealer') })).status).toBe(200);
    expect((await signIn('dealer')).secondStep).toBe(false);
  });

  it('asks an account with two-step sign-in for its code when it joins an organization from an invitation', async () => {
    const signedIn = await signIn('traveler');
    if (signedIn.secondStep) throw new Error('unexpected');
    const { secret } = (await api(signedIn.tokens.access_token, 'POST', { password: demo(app).password('traveler') })).body.data as { secret: string };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    const enrolledAt = Date.now();
    expect((await api(signedIn.tokens.access_token, 'PUT', { code: totp.generate({ timestamp: enrolledAt }), password: demo(app).password('traveler') })).status).toBe(200);

    // An administrator of Summit RV invites by link.
    const invitation = await fetch(`${app.url}/identity/api/organizations/org-summit-rv/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminAccessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roleIds: ['role-summit-sales'] }),
    });
    expect(invitation.status).toBe(201);
    const link = new URL(((await invitation.json()) as { url: string }).url);
    const browser = new Browser(app);
    const join = async (code?: string) => {
      const page = await (await browser.fetch(link.pathname + link.search)).text();
      const fields: Record<string, string> = { csrf: csrfOf(page), token: link.searchParams.get('token')!, login: 'traveler', password: demo(app).password('traveler') };
      if (code !== undefined) fields.code = code;
      return browser.postForm('/identity/invitation', fields);
    };

    // The password alone, or with a wrong code, does not join; the password and a right code do.
    const passwordOnly = await join();
    expect(passwordOnly.status).toBe(401);
    expect(await passwordOnly.text()).toContain('This account uses two-step sign-in');
    expect((await join('000000')).status).toBe(401);
    const joined = await join(totp.generate({ timestamp: enrolledAt + 30_000 }));
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain('You joined Summit RV Dealers Group');
  });

  it('slows down wrong codes with the login throttle', async () => {
    const first = await signIn('admin');
    if (first.secondStep) throw new Error('unexpected');
    const { secret } = (await api(first.tokens.access_token, 'POST', { password: demo(app).password('admin') })).body.data as { secret: string };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    await api(first.tokens.access_token, 'PUT', { code: totp.generate(), password: demo(app).password('admin') });
    // Past the five free failures each wait doubles (1 s, 2 s, 4 s, ...): however slow this machine makes an attempt,
    // a wait soon outlasts it, and that attempt is refused.
    const statuses: number[] = [];
    while (statuses.length < 20 && !statuses.includes(429)) {
      const attempt = await signIn('admin', '123456');
      statuses.push('status' in attempt ? (attempt.status ?? 0) : 0);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
  });
});
