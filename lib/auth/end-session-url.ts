/**
 * The identity server's end-session URL for RP-initiated logout. With the session's ID token as `id_token_hint` the
 * identity server knows the request comes from this very client and signs out without asking; without one (a hint
 * lost with a restart of another instance) it sends `client_id` and the identity server asks first.
 */
export function endSessionUrl(options: { endpoint: string; clientId: string; returnTo: string; idToken?: string }): string {
  const url = new URL(options.endpoint);
  if (options.idToken) url.searchParams.set('id_token_hint', options.idToken);
  else url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('post_logout_redirect_uri', options.returnTo);
  return url.toString();
}
