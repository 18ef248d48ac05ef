import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { csrfToken, csrfValid } from '../csrf';

const COOKIE = '_identity_form';

/** A cookie of the request, by name. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * CSRF for the forms outside a sign-in interaction (sign-up, password reset, account): a random value in an
 * HttpOnly, SameSite=Lax cookie, and in each form the HMAC of it under the identity cookie key (csrf.ts). A form
 * posted from another site has neither the token nor, for a cross-site POST, the cookie.
 */
export class FormCsrf {
  constructor(
    private readonly cookieKeys: string[],
    private readonly secure: boolean,
  ) {}

  /** The token for this browser's forms, setting its cookie on `res` when it has none yet. */
  token(req: IncomingMessage, res: ServerResponse): string {
    let value = readCookie(req, COOKIE);
    if (!value || !/^[A-Za-z0-9_-]{22,64}$/.test(value)) {
      value = crypto.randomBytes(18).toString('base64url');
      const attributes = ['Path=/identity', 'HttpOnly', 'SameSite=Lax', ...(this.secure ? ['Secure'] : [])];
      res.appendHeader('set-cookie', `${COOKIE}=${value}; ${attributes.join('; ')}`);
    }
    return csrfToken(this.cookieKeys, `form:${value}`);
  }

  valid(req: IncomingMessage, token: string | null | undefined): boolean {
    const value = readCookie(req, COOKIE);
    return Boolean(value) && csrfValid(this.cookieKeys, `form:${value}`, token);
  }
}
