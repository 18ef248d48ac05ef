import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import type { AccountView } from './api-contract';
import type { AuditAction } from './audit';
import { authenticate } from './authenticate';
import type { Accounts, AccountSessions, UserRow } from './directory/types';
import { sendJson } from './http';
import type { Passkeys } from './second-factor/passkeys';
import type { TotpFactor } from './second-factor/totp';
import type { SelfServiceLimits } from './self-service/limits';
import type { FactorChange, SelfService } from './self-service/service';
import type { LoginThrottle } from './throttle';

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

/** One request of the account API past its bearer token: whose account, from which session, with what body. */
export interface AccountRequest {
  deps: AccountApiDeps;
  req: IncomingMessage;
  res: ServerResponse;
  user: UserRow;
  /** The session the token's grant was made in: the caller's, marked `current` in the account's sessions. */
  sid: string | undefined;
  /** The JSON body (undefined when there is none or it is not JSON); none is read for a GET. */
  body: unknown;
  /** The path's parameters (`id` of `/passkeys/:id`). */
  params: Record<string, string>;
}

export type AccountAction = (call: AccountRequest) => Promise<void>;

export function answer(call: AccountRequest, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendJson(call.res, status, body, headers);
}

export function invalid(call: AccountRequest, description: string) {
  answer(call, 400, { error: 'invalid_request', error_description: description });
}

export function noContent(call: AccountRequest) {
  call.res.writeHead(204, { 'cache-control': 'no-store' }).end();
}

/** An event of the account in the audit log, made by the account itself. */
export function record(call: AccountRequest, action: AuditAction, details?: Record<string, unknown>) {
  const { user } = call;
  return call.deps.accounts.audit.record({ actor: `self (${user.username})`, action, subject: user.username, ...(details ? { details } : {}) });
}

/** A plain notice to the account's address of a factor added or removed (no text the person chose). */
export function notify(call: AccountRequest, change: FactorChange) {
  return call.deps.selfService.notifyFactorChange(call.user, change);
}

/** The account as the API shows it: its sessions (the caller's marked), the apps by name, its second factors. */
export async function accountView({ deps, sid }: AccountRequest, user: UserRow): Promise<AccountView> {
  const appNames = (clientIds: string[]) =>
    Promise.all(clientIds.map(async (id) => (await deps.provider.Client.find(id).catch(() => undefined))?.clientName || id));
  const sessions = await Promise.all((await deps.sessions.list(user.id, sid)).map(async (s) => ({ ...s, apps: await appNames(s.clients) })));
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.email_verified === 1,
    givenName: user.given_name,
    familyName: user.family_name,
    sessions,
    twoFactor: { totp: await deps.totp.enabled(user.id), recoveryCodesLeft: await deps.totp.remainingRecoveryCodes(user.id) },
    passkeys: await deps.passkeys.list(user.id),
  };
}

/** Answers `{ data: <the account> }`, `user` being the account as it is now. */
export async function answerView(call: AccountRequest, user: UserRow = call.user) {
  answer(call, 200, { data: await accountView(call, user) });
}

/** The account as stored now, after a change of it. */
export async function reread(call: AccountRequest): Promise<UserRow> {
  return (await call.deps.accounts.findById(call.user.id))!;
}

/**
 * Whether `password` is the account's current one, checked through the login throttle; when it is not, the
 * refusal is sent: 403 `wrong_password`, or 429 while the throttle holds.
 */
export async function passwordIsRight(call: AccountRequest, password: string): Promise<boolean> {
  const { deps, req, user } = call;
  const checked = await authenticate(deps.accounts, deps.throttle, user.username, password, clientAddress(req, deps.proxyTrust));
  if (checked.ok) return true;
  if (checked.reason === 'throttled') {
    answer(call, 429, { error: 'too_many_attempts', error_description: 'too many failed attempts; try again later' }, { 'retry-after': String(checked.retryAfterSeconds ?? 60) });
  } else {
    answer(call, 403, { error: 'wrong_password', error_description: 'The current password is not right.' });
  }
  return false;
}

/**
 * A second-factor change's password (FACTOR_PASSWORD_RULE): true when the body's `password` is right; otherwise
 * the refusal is sent (403 `password_required` without one, as passwordIsRight with a wrong one) and false.
 */
export async function factorPasswordIsRight(call: AccountRequest): Promise<boolean> {
  const password = (call.body as { password?: unknown } | null | undefined)?.password;
  if (typeof password !== 'string' || password === '' || password.length > 1024) {
    answer(call, 403, { error: 'password_required', error_description: FACTOR_PASSWORD_RULE });
    return false;
  }
  return passwordIsRight(call, password);
}
