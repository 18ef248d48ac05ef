import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { bearerGrant, type BearerPolicy } from './bearer-token';
import type { Accounts } from './directory/types';
import { sendJson } from './http';

export interface OrganizationAccessDeps {
  provider: Provider;
  accounts: Accounts;
  allowedClients: ReadonlySet<string>;
}

function unauthorized(res: ServerResponse, description: string) {
  sendJson(res, 401, { error: 'invalid_token', error_description: description }, {
    'www-authenticate': `Bearer realm="identity", error="invalid_token", error_description="${description}"`,
  });
}

/**
 * The organization APIs' tokens: a `cosmos` access token issued to one of `allowedClients` (the Explorer by
 * default): a token a third-party app obtained for the same person must not read the organization's e-mail
 * addresses or its history, nor change it.
 */
const organizationPolicy = ({ provider, allowedClients }: OrganizationAccessDeps): BearerPolicy => ({
  provider,
  allowedClients,
  scope: 'cosmos',
  refuse: {
    missing: (res) => {
      res.setHeader('www-authenticate', 'Bearer realm="identity"');
      sendJson(res, 401, { error: 'invalid_token', error_description: 'a bearer access token is required' });
    },
    invalid: (res) => unauthorized(res, 'the access token is invalid, expired or revoked'),
    client: (res) => sendJson(res, 403, { error: 'forbidden', error_description: 'access tokens of this client may not read member lists' }),
  },
});

/**
 * The account of an organization API request when its bearer token passes (organizationPolicy) and its owner
 * administers `organizationId`; otherwise the refusal is sent (saying the administrators can `what`) and null returned.
 */
export async function administratorOf(
  deps: OrganizationAccessDeps,
  req: IncomingMessage,
  res: ServerResponse,
  organizationId: string,
  what: string,
): Promise<{ accountId: string } | null> {
  const grant = await bearerGrant(organizationPolicy(deps), req, res);
  if (!grant) return null;
  if (!(await deps.accounts.isAdministrator(grant.accountId, organizationId))) {
    sendJson(res, 403, { error: 'forbidden', error_description: `only administrators of this organization can ${what}` });
    return null;
  }
  return { accountId: grant.accountId };
}

/** A path's parameter as it was meant (percent-decoded); empty when it does not decode, which names nothing. */
export function decodeParameter(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
