import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { authorize, Browser, clientConfig, demo, startApiServer, type App } from './support';
import { linkIn, startSmtpServer } from '../support/smtp';

let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminToken: string;
const ORG = 'org-summit-rv';

async function explorerToken(username: string, password = demo(app).password(username)) {
  const config = await clientConfig(app, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(app).secret(EXPLORER_CLIENT_ID)));
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${app.config.publicUrl}/api/auth/callback/identity`, scope: 'openid cosmos', state });
  const result = await authorize(new Browser(app), url, { username, password });
  return (await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state })).access_token;
}

function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  return fetch(`${app.url}/identity/api/organizations/${ORG}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.token ?? adminToken}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1];

async function members() {
  return ((await (await api('/members')).json()) as { data: { id: string; username: string; isAdministrator: boolean; roles: { id: string }[] }[] }).data;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApiServer({ mail: { smtpUrl: smtp.url, from: 'Trip Explorer <no-reply@example.test>' } });
  adminToken = await explorerToken('admin');
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('organization administration', () => {
  it('invites by e-mail; the invitee signs up from the mail, joins with the role, and the change is audited', async () => {
    const created = await api('/invitations', { method: 'POST', body: { email: 'ivy.invited@example.com', roleIds: ['role-summit-service'] } });
    expect(created.status).toBe(201);
    const pending = ((await (await api('/invitations')).json()) as { data: { id: string; email: string; roles: { name: string }[] }[] }).data;
    expect(pending).toMatchObject([{ email: 'ivy.invited@example.com', roles: [{ name: 'Service Advisor' }] }]);

    const mail = await smtp.waitFor('ivy.invited@example.com', /invites you to Summit/);
    const link = new URL(linkIn(mail, '/identity/invitation'));
    const browser = new Browser(app);
    const landing = await browser.fetch(link.pathname + link.search);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Join Summit RV Dealers Group');
    const signup = await browser.fetch(`/identity/signup?invitation=${link.searchParams.get('token')}`);
    const form = await signup.text();
    expect(form).toContain('value="ivy.invited@example.com"');
    const done = await browser.postForm('/identity/signup', {
      csrf: csrfOf(form),
      invitation: link.searchParams.get('token')!,
      username: 'ivy',
      email: 'ivy.invited@example.com',
      givenName: 'Ivy',
      familyName: 'Invited',
      password: 'maple harbor tunnel 88',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You have joined Summit RV Dealers Group');

    const ivy = (await members()).find((m) => m.username === 'ivy')!;
    expect(ivy).toMatchObject({ isAdministrator: false, roles: [{ id: 'role-summit-service' }] });
    expect(((await (await api('/invitations')).json()) as { data: unknown[] }).data).toEqual([]);
    const reused = await browser.fetch(link.pathname + link.search);
    expect(reused.status).toBe(410);

    const audit = ((await (await api('/audit')).json()) as { data: { action: string; actor: string; subject: string }[] }).data;
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['invitation.created', 'membership.added', 'invitation.accepted']));
    expect(audit.find((e) => e.action === 'invitation.created')).toMatchObject({ actor: 'admin', subject: 'ivy.invited@example.com' });
  });

  it('invites an existing account by link, and revokes a pending invitation', async () => {
    const byLink = (await (await api('/invitations', { method: 'POST', body: { roleIds: ['role-summit-sales'] } })).json()) as { id: string; url: string };
    const url = new URL(byLink.url);
    const browser = new Browser(app);
    const page = await (await browser.fetch(url.pathname + url.search)).text();
    const joined = await browser.postForm('/identity/invitation', { csrf: csrfOf(page), token: url.searchParams.get('token')!, login: 'traveler', password: demo(app).password('traveler') });
    expect(joined.status).toBe(200);
    expect((await members()).find((m) => m.username === 'traveler')).toMatchObject({ roles: [{ id: 'role-summit-sales' }] });

    const other = (await (await api('/invitations', { method: 'POST', body: { email: 'not.coming@example.com' } })).json()) as { id: string; url: string };
    expect((await api(`/invitations/${other.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/invitations/${other.id}`, { method: 'DELETE' })).status).toBe(404);
    const revoked = new URL(other.url);
    expect((await browser.fetch(revoked.pathname + revoked.search)).status).toBe(410);
  });

  it('changes roles and the administrator flag, removes members, and never the last administrator', async () => {
    const dealer = (await members()).find((m) => m.username === 'dealer')!;
    const changed = await api(`/members/${dealer.id}`, { method: 'PUT', body: { isAdministrator: false, roleIds: ['role-summit-sales', 'role-summit-service'] } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { data: { roles: unknown[] } }).data.roles).toHaveLength(2);
    expect((await api(`/members/${dealer.id}`, { method: 'PUT', body: { isAdministrator: false, roleIds: ['role-lakeside-viewer'] } })).status).toBe(400);

    const admin = (await members()).find((m) => m.username === 'admin')!;
    expect((await api(`/members/${admin.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await api(`/members/${admin.id}`, { method: 'PUT', body: { isAdministrator: false, roleIds: [] } })).status).toBe(409);

    // The change reaches the member's next request: their next API call is judged on the new membership.
    const dealerToken = await explorerToken('dealer');
    expect((await api('/invitations', { token: dealerToken })).status).toBe(403);
    expect((await api(`/members/${dealer.id}`, { method: 'PUT', body: { isAdministrator: true, roleIds: [] } })).status).toBe(200);
    expect((await api('/invitations', { token: dealerToken })).status).toBe(200);
    expect((await api(`/members/${admin.id}`, { method: 'DELETE', token: dealerToken })).status).toBe(204);
    expect((await api('/invitations')).status).toBe(403);

    const audit = ((await (await api('/audit', { token: dealerToken })).json()) as { data: { action: string; actor: string; subject: string }[] }).data;
    expect(audit[0]).toMatchObject({ action: 'membership.removed', actor: 'dealer', subject: 'admin' });
  });

  it('refuses non-administrators, other organizations and bad bodies', async () => {
    const traveler = await explorerToken('traveler');
    expect((await api('/invitations', { method: 'POST', body: { email: 'x@example.com' }, token: traveler })).status).toBe(403);
    expect((await api('/invitations', { method: 'POST', body: { email: 'x@example.com' }, token: 'nope' })).status).toBe(401);
    const dealerToken = await explorerToken('dealer');
    expect((await api('/invitations', { method: 'POST', body: { email: 'not an address' }, token: dealerToken })).status).toBe(400);
    expect((await api('/invitations', { method: 'PATCH', token: dealerToken })).status).toBe(405);
  });
});
