import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { z } from 'zod';
import { clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import type { Accounts, AccountSessions, UserRow } from './directory/types';
import { authenticate } from './authenticate';
import { readJsonBody, sendJson } from './http';
import { passwordProblem } from './self-service/password-policy';
import type { FactorChange, SelfService } from './self-service/service';
import type { LoginThrottle } from './throttle';
import type { TotpFactor } from './second-factor/totp';
import type { Passkeys } from './second-factor/passkeys';
import type { SelfServiceLimits } from './self-service/limits';
import { sameAddress } from './email-address';

const PATH = /^\/identity\/api\/account(?:\/(profile|email|password|sessions\/end-others|totp|passkeys|passkeys\/options|passkeys\/[A-Za-z0-9_-]{1,1400}))?$/;

const profileSchema = z.object({ givenName: z.string().trim().min(1).max(100), familyName: z.string().trim().max(100) });
const emailSchema = z.object({ email: z.string().trim().max(254).pipe(z.email()), password: z.string().max(1024) });
const passwordSchema = z.object({ currentPassword: z.string().max(1024), newPassword: z.string().max(1024) });
const deleteSchema = z.object({ password: z.string().max(1024) });

/**
 * The rule for second factors, in the words of the refusal: adding or removing one (a passkey, the authenticator
 * app) takes the current password in the same request, whatever the age of the sign-in, so that a session or an
 * access token alone (a browser left open, a stolen token) cannot give the account a factor of someone else's.
 */
export const FACTOR_PASSWORD_RULE =
  'Adding or removing a second factor (an authenticator app or a passkey) needs your current password in the same request: send it as "password".';

export interface AccountApiDeps {
  provider: Provider;
  accounts: Accounts;
  sessions: AccountSessions;
  selfService: SelfService;
  throttle: LoginThrottle;
  proxyTrust: ProxyTrust;
  allowedClients: ReadonlySet<string>;
  totp: TotpFactor;
  passkeys: Passkeys;
  limits: SelfServiceLimits;
}

/**
 * The signed-in person's own account, for the first-party apps (`IDENTITY_MEMBERS_API_CLIENTS`): read it with its
 * sessions, change the name, e-mail (unverified again, a confirmation link sent) or password (both with the current
 * password, through the login throttle), sign out the other sessions, add or remove a second factor (with the
 * current password, FACTOR_PASSWORD_RULE, and a notice mailed to the account), delete the account.
 */
export async function handleAccountApi(deps: AccountApiDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const match = PATH.exec(url.pathname);
  if (!match) return false;
  const rawAction = match[1] ?? '';
  const passkeyId = /^passkeys\/(?!options$)(.+)$/.exec(rawAction)?.[1];
  const action = passkeyId ? 'passkeys/:id' : rawAction;
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    sendJson(res, status, body, headers);
    return true;
  };
  const allowed =
    action === ''
      ? ['GET', 'DELETE']
      : action === 'sessions/end-others' || action === 'passkeys' || action === 'passkeys/options'
        ? ['POST']
        : action === 'passkeys/:id'
          ? ['DELETE']
          : action === 'totp'
            ? ['POST', 'PUT', 'DELETE']
            : ['PUT'];
  if (!allowed.includes(req.method ?? '')) return json(405, { error: 'method_not_allowed', error_description: `use ${allowed.join(' or ')}` }, { allow: allowed.join(', ') });

  const bearer = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(req.headers.authorization ?? '')?.[1];
  const token = bearer ? await deps.provider.AccessToken.find(bearer).catch(() => undefined) : undefined;
  if (!token || token.isExpired || !token.accountId) {
    return json(401, { error: 'invalid_token', error_description: 'a valid bearer access token is required' }, { 'www-authenticate': 'Bearer realm="identity"' });
  }
  if (!token.clientId || !deps.allowedClients.has(token.clientId)) return json(403, { error: 'forbidden', error_description: 'access tokens of this client may not manage accounts' });
  const user = await deps.accounts.findById(token.accountId);
  if (!user) return json(401, { error: 'invalid_token', error_description: 'the account no longer exists' });
  const sid = await deps.sessions.sidOfGrant(user.id, token.grantId);
  const invalid = (description: string) => json(400, { error: 'invalid_request', error_description: description });
  const actor = `self (${user.username})`;
  const checkPassword = async (password: string) =>
    authenticate(deps.accounts, deps.throttle, user.username, password, clientAddress(req, deps.proxyTrust));
  const wrongPassword = (result: { ok: false; reason: string; retryAfterSeconds?: number }) =>
    result.reason === 'throttled'
      ? json(429, { error: 'too_many_attempts', error_description: 'too many failed attempts; try again later' }, { 'retry-after': String(result.retryAfterSeconds ?? 60) })
      : json(403, { error: 'wrong_password', error_description: 'The current password is not right.' });
  /**
   * A second-factor change's password (FACTOR_PASSWORD_RULE): true when it is right; otherwise the refusal is sent
   * (403 `password_required` without one, 403 `wrong_password` or 429 as for every password here) and false.
   */
  const factorPassword = async (value: unknown): Promise<boolean> => {
    const password = (value as { password?: unknown } | null | undefined)?.password;
    if (typeof password !== 'string' || password === '' || password.length > 1024) {
      json(403, { error: 'password_required', error_description: FACTOR_PASSWORD_RULE });
      return false;
    }
    const checked = await checkPassword(password);
    if (!checked.ok) {
      wrongPassword(checked);
      return false;
    }
    return true;
  };
  /** A plain notice to the account's address of a factor added or removed (no text the person chose). */
  const notify = (change: FactorChange) => deps.selfService.notifyFactorChange(user, change);
  /** The apps a session signed in to, by the names people know them by (their client ids otherwise). */
  const appNames = (clientIds: string[]) =>
    Promise.all(clientIds.map(async (id) => (await deps.provider.Client.find(id).catch(() => undefined))?.clientName || id));
  const sessions = async (u: UserRow) => Promise.all((await deps.sessions.list(u.id, sid)).map(async (s) => ({ ...s, apps: await appNames(s.clients) })));
  const view = async (u: UserRow) => ({
    id: u.id,
    username: u.username,
    email: u.email,
    emailVerified: u.email_verified === 1,
    givenName: u.given_name,
    familyName: u.family_name,
    sessions: await sessions(u),
    twoFactor: { totp: await deps.totp.enabled(u.id), recoveryCodesLeft: await deps.totp.remainingRecoveryCodes(u.id) },
    passkeys: await deps.passkeys.list(u.id),
  });

  if (action === '' && req.method === 'GET') return json(200, { data: await view(user) });

  const body = await readJsonBody(req);
  if (action === 'profile') {
    const parsed = profileSchema.safeParse(body);
    if (!parsed.success) return invalid('Enter a first name (at most 100 characters).');
    await deps.accounts.setName(user.id, parsed.data.givenName, parsed.data.familyName);
    await deps.accounts.audit.record({ actor, action: 'account.profile_changed', subject: user.username });
    return json(200, { data: await view((await deps.accounts.findById(user.id))!) });
  }
  if (action === 'email') {
    const parsed = emailSchema.safeParse(body);
    if (!parsed.success) return invalid('Enter an e-mail address such as name@example.com.');
    const checked = await checkPassword(parsed.data.password);
    if (!checked.ok) return wrongPassword(checked);
    // Its own confirmed address again is no change: nothing to confirm, nothing sent. Its own address not yet
    // confirmed asks for a new confirmation link (below), as the account page says.
    const same = sameAddress(parsed.data.email, user.email);
    if (same && user.email_verified === 1) return json(200, { data: await view(user) });
    const email = same ? user.email : parsed.data.email;
    // A confirmation link goes to the new address: as limited as one from a sign-up.
    const limit = await deps.limits.take('verification', req, email);
    if (!limit.allowed) return json(429, { error: 'too_many_requests', error_description: 'Too many e-mail changes. Try again later.' }, { 'retry-after': String(limit.retryAfterSeconds) });
    const other = await deps.accounts.findByLogin(email);
    if (other && other.id !== user.id) return json(409, { error: 'conflict', error_description: 'Another account already uses this e-mail address.' });
    await deps.accounts.setEmail(user.id, email);
    await deps.accounts.audit.record({ actor, action: 'account.email_changed', subject: user.username });
    const updated = (await deps.accounts.findById(user.id))!;
    await deps.selfService.sendVerification(updated);
    return json(200, { data: await view(updated) });
  }
  if (action === 'password') {
    const parsed = passwordSchema.safeParse(body);
    if (!parsed.success) return invalid('expected JSON {"currentPassword", "newPassword"}');
    const checked = await checkPassword(parsed.data.currentPassword);
    if (!checked.ok) return wrongPassword(checked);
    const weak = passwordProblem(parsed.data.newPassword, [user.username, user.email, user.given_name, user.family_name]);
    if (weak) return json(400, { error: 'weak_password', error_description: weak });
    await deps.accounts.setPassword(user.id, parsed.data.newPassword);
    const ended = await deps.sessions.endOthers(user.id, sid);
    await deps.accounts.audit.record({ actor, action: 'account.password_changed', subject: user.username, details: { endedSessions: ended } });
    return json(200, { data: await view(user) });
  }
  if (action === 'passkeys/options') {
    // Asked here too, so that a wrong password is said before the device makes a passkey the server would refuse.
    if (!(await factorPassword(body))) return true;
    return json(200, { data: await deps.passkeys.registrationOptions({ id: user.id, username: user.username, displayName: `${user.given_name} ${user.family_name}`.trim() || user.username }) });
  }
  if (action === 'passkeys') {
    const parsed = z.object({ response: z.record(z.string(), z.unknown()), name: z.string().trim().max(60).default('') }).safeParse(body);
    if (!parsed.success) return invalid('expected JSON {"response", "name", "password"}');
    if (!(await factorPassword(body))) return true;
    const added = await deps.passkeys.register(user.id, parsed.data.response as never, parsed.data.name || 'Passkey');
    if (!added) return json(400, { error: 'invalid_passkey', error_description: 'The passkey could not be checked. Start again.' });
    await deps.accounts.audit.record({ actor, action: 'account.passkey_added', subject: user.username, details: { name: added.name } });
    await notify('passkey-added');
    return json(201, { data: added });
  }
  if (action === 'passkeys/:id') {
    if (!(await factorPassword(body))) return true;
    if (!(await deps.passkeys.remove(user.id, passkeyId!))) return json(404, { error: 'not_found', error_description: 'no such passkey' });
    await deps.accounts.audit.record({ actor, action: 'account.passkey_removed', subject: user.username });
    await notify('passkey-removed');
    res.writeHead(204, { 'cache-control': 'no-store' }).end();
    return true;
  }
  if (action === 'totp') {
    if (!(await factorPassword(body))) return true;
    if (req.method === 'POST') {
      if (await deps.totp.enabled(user.id)) return json(409, { error: 'conflict', error_description: 'Two-factor sign-in is already on.' });
      return json(200, { data: await deps.totp.begin(user.id, user.username) });
    }
    if (req.method === 'PUT') {
      const code = z.object({ code: z.string().max(64) }).safeParse(body);
      if (!code.success) return invalid('expected JSON {"code"}');
      const recoveryCodes = await deps.totp.confirm(user.id, code.data.code);
      if (!recoveryCodes) return json(400, { error: 'invalid_code', error_description: 'That code is not right. Check the time on your phone and try the next code.' });
      await deps.accounts.audit.record({ actor, action: 'account.totp_enabled', subject: user.username });
      await notify('totp-enabled');
      return json(200, { data: { recoveryCodes } });
    }
    const wasOn = await deps.totp.enabled(user.id);
    await deps.totp.disable(user.id);
    await deps.accounts.audit.record({ actor, action: 'account.totp_disabled', subject: user.username });
    if (wasOn) await notify('totp-disabled');
    return json(200, { data: await view(user) });
  }
  if (action === 'sessions/end-others') {
    const ended = await deps.sessions.endOthers(user.id, sid);
    await deps.accounts.audit.record({ actor, action: 'account.sessions_ended', subject: user.username, details: { endedSessions: ended } });
    return json(200, { data: await view(user) });
  }
  // DELETE the account
  const parsed = deleteSchema.safeParse(body);
  if (!parsed.success) return invalid('expected JSON {"password"}');
  const checked = await checkPassword(parsed.data.password);
  if (!checked.ok) return wrongPassword(checked);
  const sole = await deps.accounts.soleAdministratorOf(user.id);
  if (sole.length) {
    return json(409, { error: 'conflict', error_description: `You are the only administrator of ${sole.map((o) => o.name).join(', ')}: make someone else administrator first.` });
  }
  await deps.sessions.endAll(user.id);
  await deps.accounts.deleteUser(user.id);
  await deps.accounts.audit.record({ actor, action: 'account.deleted', subject: user.username });
  res.writeHead(204, { 'cache-control': 'no-store' }).end();
  return true;
}
