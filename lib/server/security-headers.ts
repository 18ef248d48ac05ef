import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Headers on every response, pages and APIs alike. The policy is the strictest the map still works under:
 * maplibre runs its worker from this origin and decodes tiles through blob: URLs. Inline scripts run only with the
 * response's nonce (Next's App Router reads it from the request's policy header and puts it on every script it
 * writes; the identity server's inline scripts and the Explorer's WebGL check carry it too). Styles stay
 * 'unsafe-inline' (React and maplibre set style attributes). `form-action` is left open on purpose: the identity server's forms end in redirects to
 * registered client redirect URIs on other origins. Development adds 'unsafe-eval' for Next's hot reloading.
 */
export function securityHeaders(publicUrl: string, mapStyleOrigin?: string, options: { development?: boolean } = {}) {
  const https = publicUrl.startsWith('https://');
  const remote = mapStyleOrigin ? ` ${mapStyleOrigin}` : '';
  const policy = (nonce: string) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${options.development ? " 'unsafe-eval'" : ''}`,
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
    /** The policy for one response, with its own nonce. */
    contentSecurityPolicy: policy,
    fixed: {
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
      ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    } as Record<string, string>,
  };
}

export type SecurityHeaders = ReturnType<typeof securityHeaders>;

const nonces = new WeakMap<IncomingMessage, string>();

/** The script nonce of this request's response (set by `applySecurityHeaders`). */
export function nonceOf(req: IncomingMessage): string | undefined {
  return nonces.get(req);
}

/** The script nonce in a policy this server put on the request: what a page's own inline script must carry. */
export function nonceInPolicy(policy: string | null | undefined): string | undefined {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '')?.[1];
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

/**
 * Sets the headers with a fresh nonce, and puts the policy on the request too: Next's renderer takes the nonce for
 * its scripts from the request's `content-security-policy` header (as a proxy file would pass it).
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, headers: SecurityHeaders) {
  for (const [name, value] of Object.entries(headers.fixed)) res.setHeader(name, value);
  const nonce = crypto.randomBytes(16).toString('base64');
  nonces.set(req, nonce);
  const policy = headers.contentSecurityPolicy(nonce);
  res.setHeader('Content-Security-Policy', policy);
  req.headers['content-security-policy'] = policy;
}

export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
