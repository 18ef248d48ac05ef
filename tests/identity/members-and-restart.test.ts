import os from 'node:os';
import * as jose from 'jose';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { runIdentityCli } from '@/lib/identity/cli';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { authorize, Browser, clientConfig, demo, passwordGrant, REDIRECT_URI, startApiServer, TEST_CLIENT, type App } from './support';
import { startFrontDoor } from '../support/front-door';

/** Tokens from a code flow, by default the Explorer's (the client the members API accepts unless configured). */
async function tokensFor(app: App, username: string, scope = 'openid cosmos offline_access', clientId = EXPLORER_CLIENT_ID) {
  const config = await clientConfig(app, clientId, oidc.ClientSecretBasic(demo(app).secret(clientId)));
  const redirectUri = clientId === EXPLORER_CLIENT_ID ? `${app.config.publicUrl}/api/auth/callback/identity` : REDIRECT_URI;
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope, state, prompt: 'consent' });
  const result = await authorize(new Browser(app), url, { username, password: demo(app).password(username) });
  return { config, tokens: await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state }) };
}

const members = (app: App, org: string, token?: string) =>
  fetch(`${app.url}/identity/api/organizations/${org}/members`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('membership API', () => {
  it('lists members for an administrator of the organization only', async () => {
    const app = await startApiServer();
    try {
      const admin = await tokensFor(app, 'admin');
      const res = await members(app, 'org-summit-rv', admin.tokens.access_token);
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data).toEqual([
        { id: 'user-admin', username: 'admin', name: 'Ada Admin', email: 'ada.admin@example.com', isAdministrator: true, roles: [] },
        {
          id: 'user-advisor',
          username: 'advisor',
          name: 'Sam Advisor',
          email: 'sam.advisor@example.com',
          isAdministrator: false,
          roles: [{ id: 'role-summit-service', name: 'Service Advisor' }],
        },
        {
          id: 'user-dealer',
          username: 'dealer',
          name: 'Dan Dealer',
          email: 'dan.dealer@example.com',
          isAdministrator: false,
          roles: [{ id: 'role-summit-sales', name: 'Sales Associate' }],
        },
      ]);

      // A plain member of Lakeside, an outsider to Roamwell.
      expect((await members(app, 'org-lakeside-tourism', admin.tokens.access_token)).status).toBe(403);
      const dealer = await tokensFor(app, 'dealer');
      const forbidden = await members(app, 'org-summit-rv', dealer.tokens.access_token);
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({ error: 'forbidden' });

      const anonymous = await members(app, 'org-summit-rv');
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: 'invalid_token' });
      expect((await members(app, 'org-summit-rv', 'not-a-token')).status).toBe(401);

      const noCosmos = await tokensFor(app, 'admin', 'openid');
      const scoped = await members(app, 'org-summit-rv', noCosmos.tokens.access_token);
      expect(scoped.status).toBe(403);
      expect(await scoped.json()).toMatchObject({ error: 'insufficient_scope' });
    } finally {
      await app.close();
    }
  });
});

describe('the audit log', () => {
  it('records who changed which membership and role, and shows an organization\'s events to its administrators only', async () => {
    const app = await startApiServer();
    try {
      const cli = (...args: string[]) => runIdentityCli(args, app.context.dataDir.root);
      await cli('roles', 'create', '--org', 'org-summit-rv', '--name', 'Service Writer', '--id', 'role-summit-writer');
      await cli('memberships', 'add', '--user', 'dealer', '--org', 'org-summit-rv', '--role', 'role-summit-writer');
      await cli('memberships', 'add', '--user', 'traveler', '--org', 'org-summit-rv', '--role', 'role-summit-writer');
      await cli('memberships', 'remove', '--user', 'traveler', '--org', 'org-summit-rv');
      await cli('memberships', 'add', '--user', 'dealer', '--org', 'org-summit-rv', '--role', 'role-summit-writer');

      const admin = await tokensFor(app, 'admin');
      const res = await fetch(`${app.url}/identity/api/organizations/org-summit-rv/audit`, { headers: { authorization: `Bearer ${admin.tokens.access_token}` } });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { actor: string; action: string; subject: string; details: Record<string, unknown>; at: string }[] };
      const actor = `command line (${os.userInfo().username})`;
      // Newest first; setting the same membership again changes nothing and records nothing.
      expect(data.slice(0, 4).map(({ actor: a, action, subject, details }) => ({ a, action, subject, details }))).toEqual([
        { a: actor, action: 'membership.removed', subject: 'traveler', details: { administrator: false, roles: ['Service Writer'] } },
        { a: actor, action: 'membership.added', subject: 'traveler', details: { administrator: false, roles: ['Service Writer'] } },
        {
          a: actor,
          action: 'membership.changed',
          subject: 'dealer',
          details: { from: { administrator: false, roles: ['Sales Associate'] }, to: { administrator: false, roles: ['Service Writer'] } },
        },
        { a: actor, action: 'role.created', subject: 'Service Writer', details: { roleId: 'role-summit-writer' } },
      ]);
      expect(data.at(-1)).toMatchObject({ actor: 'demo seed', action: 'organization.created', subject: 'Summit RV Dealers Group' });
      // Accounts come with their names (a removed member's too: the account remains); the rest with null.
      expect(data[0]).toMatchObject({ actorName: null, subject: 'traveler', subjectName: 'Tess Traveler' });
      expect(data[2]).toMatchObject({ subject: 'dealer', subjectName: 'Dan Dealer' });
      expect(data.at(-1)).toMatchObject({ actorName: null, subjectName: null });
      expect(Number.isNaN(Date.parse(data[0].at))).toBe(false);

      const dealer = await tokensFor(app, 'dealer');
      expect((await fetch(`${app.url}/identity/api/organizations/org-summit-rv/audit`, { headers: { authorization: `Bearer ${dealer.tokens.access_token}` } })).status).toBe(403);
      expect((await fetch(`${app.url}/identity/api/organizations/org-summit-rv/audit`)).status).toBe(401);
      expect(await cli('audit', 'list', '--org', 'org-summit-rv')).toContain('membership.removed\ttraveler');
    } finally {
      await app.close();
    }
  });
});

// Finding 6 of issue 17: an access token with the cosmos scope from any client (a third-party client using the
// password grant included) read an organization's member list with e-mail addresses.
describe('the members API trusts any client\'s token', () => {
  it('refuses a cosmos token of a client that is not on the allowlist, however it was obtained', async () => {
    const app = await startApiServer();
    try {
      const viaCode = await tokensFor(app, 'admin', 'openid cosmos', TEST_CLIENT);
      const viaPassword = await passwordGrant(app, { username: 'admin', password: demo(app).password('admin'), scope: 'openid cosmos' });
      expect(viaPassword.status).toBe(200);
      for (const token of [viaCode.tokens.access_token, viaPassword.body.access_token]) {
        const res = await members(app, 'org-summit-rv', token);
        expect(res.status).toBe(403);
        const body = await res.json();
        expect(body).toEqual({ error: 'forbidden', error_description: 'access tokens of this client may not read member lists' });
        expect(JSON.stringify(body)).not.toContain('@example.com');
      }
      expect((await members(app, 'org-summit-rv', (await tokensFor(app, 'admin')).tokens.access_token)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('accepts exactly the clients IDENTITY_MEMBERS_API_CLIENTS lists', async () => {
    const app = await startApiServer({ env: { IDENTITY_MEMBERS_API_CLIENTS: TEST_CLIENT } });
    try {
      expect(app.config.membersApiClients).toEqual([TEST_CLIENT]);
      expect((await members(app, 'org-summit-rv', (await tokensFor(app, 'admin', 'openid cosmos', TEST_CLIENT)).tokens.access_token)).status).toBe(200);
      expect((await members(app, 'org-summit-rv', (await tokensFor(app, 'admin')).tokens.access_token)).status).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe('a restart', () => {
  it('keeps users, sessions, tokens, refresh tokens and the signing key', async () => {
    // One address across the restart, as a balancer keeps: the issuer stays the same.
    const front = await startFrontDoor();
    const first = await startApiServer({ env: { PUBLIC_URL: front.url } });
    front.pointAt(first.url);
    const { dataDir } = first.config;
    const { config, tokens } = await tokensFor(first, 'admin');
    const jwksBefore = await (await fetch(`${first.url}/identity/.well-known/openid-configuration/jwks`)).json();
    await first.close();

    const second = await startApiServer({ dataDir, env: { PUBLIC_URL: front.url } });
    front.pointAt(second.url);
    try {
      expect(await (await fetch(`${second.url}/identity/.well-known/openid-configuration/jwks`)).json()).toEqual(jwksBefore);
      const jwks = jose.createLocalJWKSet(jwksBefore);
      await jose.jwtVerify(tokens.id_token!, jwks);
      expect((await members(second, 'org-summit-rv', tokens.access_token)).status).toBe(200);
      const again = await clientConfig(second, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(second).secret(EXPLORER_CLIENT_ID)));
      expect((await oidc.fetchUserInfo(again, tokens.access_token, 'user-admin')).sub).toBe('user-admin');
      const refreshed = await oidc.refreshTokenGrant(again, tokens.refresh_token!);
      expect(refreshed.access_token).toBeTruthy();
      expect(config.serverMetadata().issuer).toBe(again.serverMetadata().issuer);
    } finally {
      await second.close();
      await front.close();
    }
  });
});
