const PLACE_API = new Set(['/api/v2/search', '/api/v2/tags', '/api/v2/chains', '/api/v2/openapi.json']);
const IDENTITY_PARTS = new Set(['connect', 'interaction', 'api', '.well-known', 'session']);

/**
 * The route class a path is counted under: a small fixed set, so that no request can make a new time series
 * (ids and unknown paths fold into their class).
 */
export function routeLabel(pathname: string): string {
  if (pathname === '/healthz' || pathname === '/metrics' || pathname === '/.well-known/openid-configuration') return pathname;
  if (pathname.startsWith('/api/v2/')) {
    if (PLACE_API.has(pathname)) return pathname;
    if (pathname.startsWith('/api/v2/canonical_places/')) return '/api/v2/canonical_places/:id';
    if (pathname.startsWith('/api/v2/rv_service/')) return '/api/v2/rv_service/*';
    return '/api/v2/other';
  }
  if (pathname.startsWith('/media/')) return '/media/*';
  if (pathname.startsWith('/tiles/')) return '/tiles/*';
  if (pathname === '/map/style.json') return pathname;
  if (pathname === '/identity' || pathname.startsWith('/identity/')) {
    const part = pathname.split('/')[2] ?? '';
    return IDENTITY_PARTS.has(part) ? `/identity/${part}/*` : '/identity/*';
  }
  const api = /^\/api\/(places|trips|auth)(\/|$)/.exec(pathname);
  if (api) return `/api/${api[1]}/*`;
  if (pathname.startsWith('/api/')) return '/api/other';
  if (pathname.startsWith('/_next/')) return '/_next/*';
  return 'page';
}
