import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import type { Accounts } from './directory/types';
import { sendJson } from './http';

const PATH = /^\/identity\/api\/organizations\/([^/]+)\/(members|audit)$/;

function unauthorized(res: ServerResponse, description: string) {
  sendJson(res, 401, { error: 'invalid_token', error_description: description }, {
    'www-authenticate': `Bearer realm="identity", error="invalid_token", error_description="${description}"`,
  });
}

/**
 * `GET /identity/api/organizations/<id>/members` and `.../audit` (the organization's 100 newest audit events): for
 * administrators of that organization, with a `cosmos` access token issued to one of `allowedClients` (the Explorer
 * by default): a token a third-party app obtained for the same person must not read the organization's e-mail
 * addresses or its history.
 */
/**
 * Checks the bearer token of an organization API request: a live `cosmos` access token of one of `allowedClients`
 * whose user administers `organizationId`. Answers the request itself and resolves null when it does not pass.
 */
export async function authorizeAdministrator(
  provider: Provider,
  accounts: Accounts,
  allowedClients: ReadonlySet<string>,
  req: IncomingMessage,
  res: ServerResponse,
  organizationId: string,
  what: string,
): Promise<{ accountId: string } | null> {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header)?.[1];
  if (!bearer) {
    res.setHeader('www-authenticate', 'Bearer realm="identity"');
    sendJson(res, 401, { error: 'invalid_token', error_description: 'a bearer access token is required' });
    return null;
  }
  const token = await provider.AccessToken.find(bearer).catch(() => undefined);
  if (!token || token.isExpired || !token.accountId) {
    unauthorized(res, 'the access token is invalid, expired or revoked');
    return null;
  }
  if (!(token.scope ?? '').split(' ').includes('cosmos')) {
    sendJson(res, 403, { error: 'insufficient_scope', error_description: 'the access token lacks the cosmos scope' }, {
      'www-authenticate': 'Bearer realm="identity", error="insufficient_scope", scope="cosmos"',
    });
    return null;
  }
  // 403 rather than 401: the token is valid, and a client that signs in again gets another one just like it.
  if (!token.clientId || !allowedClients.has(token.clientId)) {
    sendJson(res, 403, { error: 'forbidden', error_description: 'access tokens of this client may not read member lists' });
    return null;
  }
  if (!(await accounts.isAdministrator(token.accountId, organizationId))) {
    sendJson(res, 403, { error: 'forbidden', error_description: `only administrators of this organization can ${what}` });
    return null;
  }
  return { accountId: token.accountId };
}

export async function handleMembersApi(
  provider: Provider,
  accounts: Accounts,
  allowedClients: ReadonlySet<string>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = PATH.exec(url.pathname);
  if (!match) return false;
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'method_not_allowed', error_description: 'use GET' }, { allow: 'GET' });
    return true;
  }
  let organizationId: string;
  try {
    organizationId = decodeURIComponent(match[1]);
  } catch {
    organizationId = '';
  }
  const what = `read its ${match[2] === 'audit' ? 'audit log' : 'members'}`;
  if (!(await authorizeAdministrator(provider, accounts, allowedClients, req, res, organizationId, what))) return true;
  sendJson(res, 200, { data: match[2] === 'audit' ? await accounts.audit.list(organizationId, 100) : await accounts.members(organizationId) });
  return true;
}
