const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a client's `frontchannel_logout_uri` is refused, or undefined when it is fine. The logout page loads it in an
 * iframe, so it must be a web page of the client's own: https (http on a loopback host only in a local demo), no
 * credentials, and, as OpenID Connect Front-Channel Logout 1.0 section 2 requires, the scheme, host and port of one
 * of the client's redirect URIs.
 */
export function frontchannelLogoutUriProblem(uri: unknown, redirectUris: unknown, relaxed: boolean): string | undefined {
  const url = typeof uri === 'string' ? URL.parse(uri) : null;
  if (!url) return 'frontchannel_logout_uri must be a URL';
  const loopbackHttp = relaxed && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    return relaxed ? 'frontchannel_logout_uri must use https (or http on a loopback host)' : 'frontchannel_logout_uri must use https';
  }
  if (url.username || url.password) return 'frontchannel_logout_uri must not contain credentials';
  const origins = Array.isArray(redirectUris) ? redirectUris.map((r) => (typeof r === 'string' ? URL.parse(r)?.origin : undefined)) : [];
  if (!origins.includes(url.origin)) return 'frontchannel_logout_uri must have the scheme, host and port of a registered redirect URI';
  return undefined;
}
