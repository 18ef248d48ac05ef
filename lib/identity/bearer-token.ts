import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { sendJson } from './http';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/** A live access token that passed an API's rules: whose it is, through which app and grant. */
export interface BearerGrant {
  accountId: string;
  clientId: string;
  grantId: string | undefined;
}

/**
 * What one of the identity server's APIs accepts as a bearer token: a live access token of the provider, issued to
 * one of `allowedClients` (the first-party apps, `IDENTITY_MEMBERS_API_CLIENTS`), with `scope` when one is named.
 * Its refusals are in the API's own words, which its clients read: a request without a token, a token that is not
 * live (unknown, expired, revoked, or of no account), a token of another app.
 */
export interface BearerPolicy {
  provider: Provider;
  allowedClients: ReadonlySet<string>;
  scope?: string;
  refuse: {
    missing(res: ServerResponse): void;
    invalid(res: ServerResponse): void;
    client(res: ServerResponse): void;
  };
}

/** The request's bearer token when it passes `policy`; otherwise the refusal is sent and null returned. */
export async function bearerGrant(policy: BearerPolicy, req: IncomingMessage, res: ServerResponse): Promise<BearerGrant | null> {
  const bearer = BEARER.exec(req.headers.authorization ?? '')?.[1];
  if (!bearer) {
    policy.refuse.missing(res);
    return null;
  }
  const token = await policy.provider.AccessToken.find(bearer).catch(() => undefined);
  if (!token || token.isExpired || !token.accountId) {
    policy.refuse.invalid(res);
    return null;
  }
  if (policy.scope && !(token.scope ?? '').split(' ').includes(policy.scope)) {
    sendJson(res, 403, { error: 'insufficient_scope', error_description: `the access token lacks the ${policy.scope} scope` }, {
      'www-authenticate': `Bearer realm="identity", error="insufficient_scope", scope="${policy.scope}"`,
    });
    return null;
  }
  // 403 rather than 401: the token is valid, and a client that signs in again gets another one just like it.
  if (!token.clientId || !policy.allowedClients.has(token.clientId)) {
    policy.refuse.client(res);
    return null;
  }
  return { accountId: token.accountId, clientId: token.clientId, grantId: token.grantId };
}

/**
 * Wraps one of the identity server's API handlers for what each would check by hand otherwise, as `withSession`
 * does for the Explorer's: the handler runs only with a bearer token that passes `policy`, else the refusal is sent.
 */
export function withBearerToken<Args extends unknown[]>(
  policy: BearerPolicy,
  handler: (grant: BearerGrant, req: IncomingMessage, res: ServerResponse, ...args: Args) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse, ...args: Args) => Promise<void> {
  return async (req, res, ...args) => {
    const grant = await bearerGrant(policy, req, res);
    if (grant) await handler(grant, req, res, ...args);
  };
}
