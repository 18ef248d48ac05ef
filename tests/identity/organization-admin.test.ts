import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { OrganizationAdmin } from '@/lib/identity/organization-admin';
import { identityRuntime } from '@/lib/identity/runtime';
import { logger } from '@/lib/core/logger';
import { authorize, Browser, clientConfig, demo, startApiServer, type App, csrfOf } from './support';
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

/** A new sign-in request of the Explorer (the authorization URL its sign-in button leads to). */
async function explorerAuthorizationUrl() {
  const config = await clientConfig(app, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(app).secret(EXPLORER_CLIENT_ID)));
  return oidc.buildAuthorizationUrl(config, { redirect_uri: `${app.config.publicUrl}/api/auth/callback/identity`, scope: 'openid cosmos', state: oidc.randomState() });
}

function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  return fetch(`${app.url}/identity/api/organizations/${ORG}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.token ?? adminToken}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}


/** Signs a new person up through an invitation's sign-up form (its CSRF token read from the form's page). */
function signUpInvited(browser: Browser, form: string, token: string, person: { username: string; email: string; givenName: string; familyName: string; password: string }) {
  return browser.postForm('/identity/signup', { csrf: csrfOf(form), invitation: token, ...person });
}

async function members() {
  return ((await (await api('/members')).json()) as { data: { id: string; username: string; email: string; isAdministrator: boolean; roles: { id: string }[] }[] }).data;
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
    // Issue 49: the mail says who invites and as what, as the landing page does.
    expect(mail.text).toContain('Ada Admin invites you to join Summit RV Dealers Group on Trip Explorer as Service Advisor.');
    expect(mail.html).toContain('Ada Admin invites you to join Summit RV Dealers Group on Trip Explorer as Service Advisor.');
    const link = new URL(linkIn(mail, '/identity/invitation'));
    const browser = new Browser(app);
    const landing = await browser.fetch(link.pathname + link.search);
    expect(landing.status).toBe(200);
    const landingText = await landing.text();
    expect(landingText).toContain('Join Summit RV Dealers Group');
    // Who invites, to what, as what; no account uses the address: the sign-up form comes first.
    expect(landingText).toContain('Ada Admin invited you to join Summit RV Dealers Group as Service Advisor.');
    expect(landingText).toContain('Create account and join');
    expect(landingText).toContain('Sign in to join');
    const signup = await browser.fetch(`/identity/signup?invitation=${link.searchParams.get('token')}`);
    const form = await signup.text();
    expect(form).toContain('value="ivy.invited@example.com"');
    const done = await signUpInvited(browser, form, link.searchParams.get('token')!, {
      username: 'ivy', email: 'ivy.invited@example.com', givenName: 'Ivy', familyName: 'Invited', password: 'maple harbor tunnel 88',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You have joined Summit RV Dealers Group as Service Advisor.');
    // The sign-up signed this browser in: its next sign-in request asks for no password, and only once (a copy of
    // its cookies taken before is asked for one).
    const copy = new Browser(app).withCookiesOf(browser);
    const signedIn = await authorize(browser, await explorerAuthorizationUrl());
    expect(signedIn.location?.searchParams.get('code')).toBeTruthy();
    await expect(authorize(copy, await explorerAuthorizationUrl())).rejects.toThrow('login required');

    const ivy = (await members()).find((m) => m.username === 'ivy')!;
    expect(ivy).toMatchObject({ isAdministrator: false, roles: [{ id: 'role-summit-service' }] });
    expect(((await (await api('/invitations')).json()) as { data: unknown[] }).data).toEqual([]);
    const reused = await browser.fetch(link.pathname + link.search);
    expect(reused.status).toBe(410);
    const reusedText = await reused.text();
    expect(reusedText).toContain('You are already a member of Summit RV Dealers Group');
    expect(reusedText).toContain('This invitation was used by ivy');

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
    expect(await joined.text()).toContain('traveler is now a member of Summit RV Dealers Group as Sales Associate.');
    expect((await members()).find((m) => m.username === 'traveler')).toMatchObject({ roles: [{ id: 'role-summit-sales' }] });
    // A link names no address: who used it is kept, and the link opened again says that account is a member.
    const again = await browser.fetch(url.pathname + url.search);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This invitation was used by traveler');

    const since = smtp.received.length;
    const other = (await (await api('/invitations', { method: 'POST', body: { email: 'not.coming@example.com' } })).json()) as { id: string; url?: string };
    // An invitation by e-mail is mailed only: the API hands its link to nobody.
    expect(other.url).toBeUndefined();
    // A second invitation to an address with one open, or to a member's address, is refused: one way in per person.
    const twice = await api('/invitations', { method: 'POST', body: { email: 'NOT.coming@example.com' } });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error_description: string }).error_description).toContain('still open');
    const memberEmail = (await members()).find((m) => m.username === 'traveler')!.email;
    const member = await api('/invitations', { method: 'POST', body: { email: memberEmail } });
    expect(member.status).toBe(409);
    expect(((await member.json()) as { error_description: string }).error_description).toContain('already a member');
    expect((await api(`/invitations/${other.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/invitations/${other.id}`, { method: 'DELETE' })).status).toBe(404);
    const revoked = new URL(linkIn(await smtp.waitFor('not.coming@example.com', /invites you to Summit/, since), '/identity/invitation'));
    expect((await browser.fetch(revoked.pathname + revoked.search)).status).toBe(410);
  });

  it('lets only the account that proves the invited address accept an e-mail invitation, administrator flag included', async () => {
    // The inviting administrator's name is text they chose: the mail carries none of it.
    const accounts = identityRuntime()!.accounts;
    await accounts.setName('user-admin', 'Claim your prize\nhttps://evil.example/x', 'www.evil.example');
    const since = smtp.received.length;
    let created: Response;
    try {
      created = await api('/invitations', { method: 'POST', body: { email: 'new.boss@example.com', isAdministrator: true } });
    } finally {
      await accounts.setName('user-admin', 'Ada', 'Admin');
    }
    expect(created.status).toBe(201);
    expect(Object.keys((await created.json()) as object).sort()).toEqual(['expiresAt', 'id']);
    const mail = await smtp.waitFor('new.boss@example.com', /invites you to Summit/, since);
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/evil|prize/);
    const link = new URL(linkIn(mail, '/identity/invitation'));
    const token = link.searchParams.get('token')!;

    // The dealer holds the forwarded link: their own account is refused, and no sign-up with another address works.
    const browser = new Browser(app);
    const page = await (await browser.fetch(link.pathname + link.search)).text();
    expect(page).toContain('Ada Admin invited you to join Summit RV Dealers Group as an administrator.');
    const asDealer = await browser.postForm('/identity/invitation', { csrf: csrfOf(page), token, login: 'dealer', password: demo(app).password('dealer') });
    expect(asDealer.status).toBe(403);
    expect(await asDealer.text()).toContain('This invitation is for another address');
    expect((await members()).find((m) => m.username === 'dealer')?.isAdministrator).toBe(false);
    const form = await (await browser.fetch(`/identity/signup?invitation=${token}`)).text();
    const person = { givenName: 'Nora', familyName: 'Boss', password: 'harbor violet engine 31' };
    const elsewhere = await signUpInvited(browser, form, token, { username: 'notboss', email: 'dealer.alias@example.com', ...person });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('This invitation was sent to another address');
    expect(await accounts.findByUsername('notboss')).toBeUndefined();

    // The invited address itself signs up: the link proves it, and the account joins as administrator.
    const done = await signUpInvited(browser, form, token, { username: 'nora', email: 'New.Boss@example.com', ...person });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You have joined Summit RV Dealers Group');
    expect((await members()).find((m) => m.username === 'nora')).toMatchObject({ isAdministrator: true });
    expect((await accounts.findByUsername('nora'))?.email_verified).toBe(1);

    // An account with the invited address, not confirmed yet, confirms it first.
    const second = smtp.received.length;
    expect((await api('/invitations', { method: 'POST', body: { email: 'uma.unverified@example.com' } })).status).toBe(201);
    const umaLink = new URL(linkIn(await smtp.waitFor('uma.unverified@example.com', /invites you to Summit/, second), '/identity/invitation'));
    const umaPage = await (await browser.fetch(umaLink.pathname + umaLink.search)).text();
    // An account uses the address: signing in comes first, with that address filled in, and no sign-up offered.
    expect(umaPage).toContain('Sign in and join');
    expect(umaPage).toContain('value="uma.unverified@example.com"');
    expect(umaPage).not.toContain('Create account and join');
    expect(umaPage).not.toContain('Create an account');
    const asUma = await browser.postForm('/identity/invitation', { csrf: csrfOf(umaPage), token: umaLink.searchParams.get('token')!, login: 'unverified', password: demo(app).password('unverified') });
    expect(asUma.status).toBe(403);
    expect(await asUma.text()).toContain('Confirm your e-mail address first');
    expect((await members()).some((m) => m.username === 'unverified')).toBe(false);
    // The organization as the later tests expect it: one administrator.
    expect((await api(`/members/${(await members()).find((m) => m.username === 'nora')!.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('takes a role named twice as named once: in a member change, an invitation and its acceptance at sign-up', async () => {
    const twice = ['role-summit-sales', 'role-summit-sales'];
    const roleIds = (roles: { id: string }[] | undefined) => roles?.map((r) => r.id);
    const dealer = (await members()).find((m) => m.username === 'dealer')!;
    const changed = await api(`/members/${dealer.id}`, { method: 'PUT', body: { isAdministrator: false, roleIds: twice } });
    expect(changed.status).toBe(200);
    expect(roleIds(((await changed.json()) as { data: { roles: { id: string }[] } }).data.roles)).toEqual(['role-summit-sales']);

    const created = await api('/invitations', { method: 'POST', body: { roleIds: twice } });
    expect(created.status).toBe(201);
    const invitation = (await created.json()) as { id: string; url: string };
    const pending = ((await (await api('/invitations')).json()) as { data: { id: string; roles: { id: string }[] }[] }).data;
    expect(roleIds(pending.find((i) => i.id === invitation.id)?.roles)).toEqual(['role-summit-sales']);

    const token = new URL(invitation.url).searchParams.get('token')!;
    const browser = new Browser(app);
    const form = await (await browser.fetch(`/identity/signup?invitation=${token}`)).text();
    const done = await signUpInvited(browser, form, token, {
      username: 'rhea', email: 'rhea.roles@example.com', givenName: 'Rhea', familyName: 'Roles', password: 'copper meadow lantern 42',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You have joined Summit RV Dealers Group');
    expect(roleIds((await members()).find((m) => m.username === 'rhea')?.roles)).toEqual(['role-summit-sales']);
  });

  it('keeps the new account when joining fails at sign-up, and leaves the invitation open to join with it', async () => {
    const created = (await (await api('/invitations', { method: 'POST', body: { roleIds: ['role-summit-service'] } })).json()) as { url: string };
    const token = new URL(created.url).searchParams.get('token')!;
    const browser = new Browser(app);
    const form = await (await browser.fetch(`/identity/signup?invitation=${token}`)).text();
    const password = 'granite orchard signal 17';
    const failing = vi.spyOn(OrganizationAdmin.prototype, 'accept').mockRejectedValueOnce(new Error('the database went away'));
    try {
      const done = await signUpInvited(browser, form, token, { username: 'sven', email: 'sven.late@example.com', givenName: 'Sven', familyName: 'Late', password });
      expect(done.status).toBe(200);
      const text = await done.text();
      expect(text).toContain('Your account sven is ready');
      expect(text).toContain('Open the invitation link again');
    } finally {
      failing.mockRestore();
    }
    const page = await (await browser.fetch(`/identity/invitation?token=${token}`)).text();
    const joined = await browser.postForm('/identity/invitation', { csrf: csrfOf(page), token, login: 'sven', password });
    expect(joined.status).toBe(200);
    expect((await members()).find((m) => m.username === 'sven')).toMatchObject({ roles: [{ id: 'role-summit-service' }] });
  });

  it('answers an unexpected failure of its API with a 500 in its own error shape, and logs it', async () => {
    const failing = vi.spyOn(OrganizationAdmin.prototype, 'roles').mockRejectedValueOnce(new Error('the disk is on fire'));
    const logged = vi.spyOn(logger, 'error');
    try {
      const res = await api('/roles');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'server_error', error_description: expect.any(String) });
      expect(logged).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ error: expect.stringContaining('the disk is on fire') }));
    } finally {
      failing.mockRestore();
      logged.mockRestore();
    }
  });

  it('answers a path that is no route with a 404, and a method a route does not take with a 405 and its Allow', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await api('/roles/x', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found', error_description: expect.any(String) });
    }
    const cases: [string, string, string][] = [
      ['GET', '/members/user-dealer', 'PUT, DELETE'],
      ['GET', '/invitations/some-id', 'DELETE'],
      ['POST', '/roles', 'GET'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await api(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
    }
    const invitationPage = await fetch(`${app.url}/identity/invitation?token=x`, { method: 'PUT' });
    expect(invitationPage.status).toBe(405);
    expect(invitationPage.headers.get('allow')).toBe('GET, HEAD, POST');
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
