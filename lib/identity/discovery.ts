import type { Middleware } from 'oidc-provider';
import { RESPONSE_TYPES, ROUTES, SCOPES } from './constants';

/**
 * The values the library fixes or orders its own way, set to what this server really supports (the spec's
 * table): PKCE `plain` (patched in), front-channel logout (added in `frontchannel-logout.ts`), the bare `token`
 * response type (patched in) and the `password` grant (registered in `password-grant.ts`). Endpoint URLs derive
 * from the issuer (the public URL), not from whichever Host header the request came with.
 */
export const discoveryOverrides = (issuer: string): Middleware => async (ctx, next) => {
  await next();
  if (ctx.oidc?.route !== 'discovery' || ctx.status !== 200) return;
  const body = ctx.body as Record<string, unknown>;
  Object.assign(body, {
    jwks_uri: `${issuer}${ROUTES.jwks}`,
    authorization_endpoint: `${issuer}${ROUTES.authorization}`,
    token_endpoint: `${issuer}${ROUTES.token}`,
    userinfo_endpoint: `${issuer}${ROUTES.userinfo}`,
    end_session_endpoint: `${issuer}${ROUTES.end_session}`,
    revocation_endpoint: `${issuer}${ROUTES.revocation}`,
    introspection_endpoint: `${issuer}${ROUTES.introspection}`,
    scopes_supported: SCOPES,
    claims_supported: ['sub', 'email', 'email_verified', 'family_name', 'given_name', 'user', 'name'],
    grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token', 'implicit', 'password'],
    response_types_supported: RESPONSE_TYPES,
    response_modes_supported: ['form_post', 'query', 'fragment'],
    code_challenge_methods_supported: ['plain', 'S256'],
    frontchannel_logout_supported: true,
    frontchannel_logout_session_supported: true,
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
  });
};
