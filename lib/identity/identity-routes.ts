import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { allowHeader } from '@/lib/http/allow-header';
import { handleAccountApi } from './account-api';
import { IDENTITY_MOUNT as MOUNT } from './build-provider';
import type { IdentityDeps } from './compose';
import { methodsRefusing } from './endpoint-methods';
import { sendJson, sendNoSuchApi, sendServerError } from './http';
import { handleInteraction } from './interactions';
import { handleMembersApi } from './members-api';
import { handleOrganizationAdminApi } from './organization-admin-api';
import { handleInvitation } from './self-service/invitation-routes';
import { handleSelfService } from './self-service/routes';

const ROOT_DISCOVERY = '/.well-known/openid-configuration';

type ProviderCallback = ReturnType<Provider['callback']>;

/** Hands a request to oidc-provider at `path` inside the mount, through the current provider's callback. */
function providerPassage(deps: IdentityDeps) {
  let current: { provider: Provider; callback: ProviderCallback } = { provider: deps.provider, callback: deps.provider.callback() };
  return (req: IncomingMessage, res: ServerResponse, path: string) => {
    // A rotated signing key rebuilds the provider (deps.provider); its state is all in the store, so nothing is lost.
    if (current.provider !== deps.provider) current = { provider: deps.provider, callback: deps.provider.callback() };
    const withOriginal = req as IncomingMessage & { originalUrl?: string };
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    withOriginal.originalUrl = `${MOUNT}${path}${query}`;
    req.url = `${path}${query}`;
    return current.callback(req, res) as unknown as Promise<void>;
  };
}

/** A method the provider's endpoint does not take: 405 with Allow and an OAuth error body (it says a plain 404). */
function refusedMethod(req: IncomingMessage, res: ServerResponse, path: string) {
  const allowed = methodsRefusing(path, req.method);
  if (!allowed) return false;
  sendJson(res, 405, { error: 'invalid_request', error_description: `this endpoint takes ${allowed.join(' and ')} only` }, { allow: allowHeader(allowed) });
  return true;
}

/** `/identity/api/*`: the account, organization administration and member APIs, else a 404. */
async function serveApi(deps: IdentityDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  if (await handleAccountApi(deps, req, res, url)) return;
  if (await handleOrganizationAdminApi(deps, req, res, url)) return;
  if (await handleMembersApi(deps.provider, deps.accounts, deps.allowedClients, req, res, url)) return;
  sendNoSuchApi(res);
}

/**
 * The identity server's requests: the root discovery document, then under /identity the sign-in interactions, the
 * self-service and invitation pages, the APIs, and oidc-provider for the rest. False for a path outside.
 */
export function identityRoutes(deps: IdentityDeps) {
  const toProvider = providerPassage(deps);
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const p = url.pathname;
    if (p === ROOT_DISCOVERY) {
      if (!refusedMethod(req, res, ROOT_DISCOVERY)) await toProvider(req, res, ROOT_DISCOVERY);
      return true;
    }
    if (p !== MOUNT && !p.startsWith(`${MOUNT}/`)) return false;
    if (p.startsWith(`${MOUNT}/interaction/`)) return handleInteraction(deps, req, res, url);
    if (await handleSelfService(deps, req, res, url)) return true;
    if (await handleInvitation(deps, req, res, url)) return true;
    if (p.startsWith(`${MOUNT}/api/`)) {
      // Caught here: the outer server's catch-all answers in the Place API's error shape.
      await serveApi(deps, req, res, url).catch((err: unknown) => sendServerError(res, p, err));
      return true;
    }
    const path = p.slice(MOUNT.length) || '/';
    if (!refusedMethod(req, res, path)) await toProvider(req, res, path);
    return true;
  };
}
