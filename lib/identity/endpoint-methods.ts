import { ROUTES } from './constants';

/**
 * The methods each of oidc-provider's endpoints takes, under the mount. It answers any other with a plain-text 404;
 * the server answers it with 405, `Allow` and an OAuth error body instead. HEAD goes where GET does, and OPTIONS
 * (CORS preflights) always reaches the provider.
 */
const ENDPOINT_METHODS: Record<string, readonly string[]> = {
  '/.well-known/openid-configuration': ['GET'],
  [ROUTES.jwks]: ['GET'],
  // POST only with SameSite=None session cookies (oidc-provider's enableHttpPostMethods); these are Lax.
  [ROUTES.authorization]: ['GET'],
  [ROUTES.end_session]: ['GET'],
  [ROUTES.token]: ['POST'],
  [ROUTES.userinfo]: ['GET', 'POST'],
  [ROUTES.revocation]: ['POST'],
  [ROUTES.introspection]: ['POST'],
};

/** The methods the endpoint at `path` takes, when it does not take `method`; null when it does or is no endpoint. */
export function methodsRefusing(path: string, method: string | undefined): readonly string[] | null {
  const allowed = ENDPOINT_METHODS[path];
  if (!allowed || method === 'OPTIONS') return null;
  const asked = method === 'HEAD' ? 'GET' : method;
  return asked && allowed.includes(asked) ? null : allowed;
}
