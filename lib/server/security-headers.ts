import type { ServerResponse } from 'node:http';

/**
 * Headers on every response, pages and APIs alike. The policy is the strictest the map still works under:
 * maplibre runs its worker from this origin and decodes tiles through blob: URLs, and Next's App Router inlines
 * its bootstrap scripts, hence 'unsafe-inline' for scripts until pages carry nonces. `form-action` is left open on
 * purpose: the identity server's forms end in redirects to registered client redirect URIs on other origins.
 */
export function securityHeaders(publicUrl: string, mapStyleOrigin?: string): Record<string, string> {
  const https = publicUrl.startsWith('https://');
  const remote = mapStyleOrigin ? ` ${mapStyleOrigin}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${remote}`,
    "font-src 'self' data:",
    `connect-src 'self'${remote}`,
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d+)?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d+)?$/i;

/** The policy with `frame-src` widened to exactly these origins (one page that must frame other sites). */
export function withFrameSources(csp: string, origins: string[]): string {
  const allowed = [...new Set(origins.filter((o) => ORIGIN.test(o)))];
  return csp
    .split('; ')
    .map((directive) => (directive.startsWith('frame-src ') ? [directive, ...allowed].join(' ') : directive))
    .join('; ');
}

export function applySecurityHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
