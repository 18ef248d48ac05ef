import type { KoaContext } from 'oidc-provider';

interface LogoutRequest {
  /** The validated `id_token_hint` (the provider has checked its signature and audience), if any. */
  hint?: { sub?: unknown; aud?: unknown };
  client?: { clientId: string; first_party?: unknown };
  sessionAccountId?: string;
}

/**
 * A sign-out needs no confirmation when one of our own (first-party) apps sent it with an ID token it was issued for
 * the person signed in here. A bare `client_id`, anyone can put in a link: those requests are asked first.
 */
export function signOutNeedsNoConfirmation({ hint, client, sessionAccountId }: LogoutRequest): boolean {
  if (!hint || !client || client.first_party !== true || !sessionAccountId) return false;
  const audience = Array.isArray(hint.aud) ? hint.aud : [hint.aud];
  return hint.sub === sessionAccountId && audience.includes(client.clientId);
}

export function isOwnClientsSignOut(ctx: KoaContext): boolean {
  const oidc = ctx.oidc as unknown as {
    entities?: { IdTokenHint?: { payload?: { sub?: unknown; aud?: unknown } } };
    client?: { clientId: string; first_party?: unknown };
    session?: { accountId?: string };
  };
  return signOutNeedsNoConfirmation({
    hint: oidc.entities?.IdTokenHint?.payload,
    client: oidc.client,
    sessionAccountId: oidc.session?.accountId,
  });
}
