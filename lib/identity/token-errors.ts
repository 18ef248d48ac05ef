import type { Middleware } from 'oidc-provider';

/**
 * RFC 6749 section 5.2 names the error for a client using a grant it is not registered for `unauthorized_client`;
 * oidc-provider answers `invalid_request`.
 */
export const tokenErrors: Middleware = async (ctx, next) => {
  await next();
  if (ctx.oidc?.route !== 'token' || ctx.status !== 400) return;
  const body = ctx.body as { error?: string; error_description?: string } | undefined;
  if (body?.error === 'invalid_request' && body.error_description === 'requested grant type is not allowed for this client') {
    body.error = 'unauthorized_client';
  }
};
