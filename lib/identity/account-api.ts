import type { IncomingMessage, ServerResponse } from 'node:http';
import * as actions from './account-api-actions';
import type { AccountAction, AccountApiDeps } from './account-request';
import { refuseMethod, routeTable } from './api-routes';
import { withBearerToken, type BearerGrant, type BearerPolicy } from './bearer-token';
import { readJsonBody, sendJson } from './http';

export { FACTOR_PASSWORD_RULE, type AccountApiDeps } from './account-request';

/**
 * The signed-in person's own account, for the first-party apps (`IDENTITY_MEMBERS_API_CLIENTS`): read it with its
 * sessions, change the name, e-mail (unverified again, a confirmation link sent) or password (both with the current
 * password, through the login throttle), ask for a new link to confirm the address, sign out the other sessions, add
 * or remove a second factor (with the current password, FACTOR_PASSWORD_RULE, and a notice mailed to the account),
 * delete the account.
 */
const route = routeTable<AccountAction>(
  '/identity/api/account',
  [
    { method: 'GET', path: '', action: actions.readAccount },
    { method: 'DELETE', path: '', action: actions.deleteAccount },
    { method: 'PUT', path: '/profile', action: actions.changeName },
    { method: 'PUT', path: '/email', action: actions.changeEmail },
    { method: 'POST', path: '/email/confirmation', action: actions.sendConfirmationAgain },
    { method: 'PUT', path: '/password', action: actions.changePassword },
    { method: 'POST', path: '/sessions/end-others', action: actions.endOtherSessions },
    { method: 'POST', path: '/totp', action: actions.startTotp },
    { method: 'PUT', path: '/totp', action: actions.confirmTotp },
    { method: 'DELETE', path: '/totp', action: actions.turnTotpOff },
    { method: 'POST', path: '/passkeys', action: actions.addPasskey },
    { method: 'POST', path: '/passkeys/options', action: actions.passkeyOptions },
    { method: 'DELETE', path: '/passkeys/:id', action: actions.removePasskey },
  ],
  { id: '[A-Za-z0-9_-]{1,1400}' },
);

const unauthorized = (res: ServerResponse) =>
  sendJson(res, 401, { error: 'invalid_token', error_description: 'a valid bearer access token is required' }, { 'www-authenticate': 'Bearer realm="identity"' });

/** An access token of one of the first-party apps; no scope asked (it is the person's own account). */
const accountPolicy = (deps: AccountApiDeps): BearerPolicy => ({
  provider: deps.provider,
  allowedClients: deps.allowedClients,
  refuse: {
    missing: unauthorized,
    invalid: unauthorized,
    client: (res) => sendJson(res, 403, { error: 'forbidden', error_description: 'access tokens of this client may not manage accounts' }),
  },
});

/** The method and path's action, for the token's account, the session it was granted in and the request's body. */
async function runAction(grant: BearerGrant, req: IncomingMessage, res: ServerResponse, deps: AccountApiDeps, action: AccountAction, params: Record<string, string>) {
  const user = await deps.accounts.findById(grant.accountId);
  if (!user) return sendJson(res, 401, { error: 'invalid_token', error_description: 'the account no longer exists' });
  const sid = await deps.sessions.sidOfGrant(user.id, grant.grantId);
  const body = req.method === 'GET' ? undefined : await readJsonBody(req);
  await action({ deps, req, res, user, sid, body, params });
}

/** `/identity/api/account[/…]`: false for a path of no route here (another API's, or none). */
export async function handleAccountApi(deps: AccountApiDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const match = route(url.pathname, req.method);
  if (!match) return false;
  if (!match.found) refuseMethod(res, match.allowed);
  else await withBearerToken(accountPolicy(deps), runAction)(req, res, deps, match.action, match.params);
  return true;
}
