import 'server-only';
import { parse as parseCookieHeader } from 'cookie';
import { cookies } from 'next/headers';
import { getToken, type JWT } from 'next-auth/jwt';
import { appConfig } from '@/lib/config/runtime';
import { confirmSession } from './confirm-session';
import type { SessionOrganization } from './types';

export const SESSION_ENDED = 'session ended by logout';

/**
 * Whether the app is served over https: its cookies are then `Secure` (and the session cookie `__Secure-`), as
 * next-auth decides from the same URL (NEXTAUTH_URL, which the custom server sets to appUrl when not given).
 */
export function usesSecureCookies(): boolean {
  return appConfig().appUrl.startsWith('https://');
}

export function sessionCookieName(): string {
  return usesSecureCookies() ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

/** The request's cookies: from its Cookie header when a request is given, else from Next's request scope. */
export async function requestCookies(request?: Pick<Request, 'headers'>): Promise<Record<string, string>> {
  if (request) {
    // `parse` keeps a value it cannot percent-decode as written: another site's cookie on this host (`promo=100%`)
    // must not break every signed-in route.
    const parsed = parseCookieHeader(request.headers.get('cookie') ?? '');
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined));
  }
  const store = await cookies();
  return Object.fromEntries(store.getAll().map((c) => [c.name, c.value]));
}

export interface AuthState {
  /** The decrypted session cookie, or null when signed out or ended. Server use only. */
  token: JWT | null;
  /** A cookie is present but its session is over (confirm-session.ts): route handlers should clear it. */
  ended: boolean;
  /** The access token was refreshed for this request: the cookie still holds the old one (/api/session/refresh writes it). */
  stale: boolean;
}

/** Reads the session cookie on the server (route handlers and server components) and confirms it with the identity server. */
export async function readAuthState(request?: Pick<Request, 'headers'>): Promise<AuthState> {
  const token = await getToken({
    // Only cookies: a bearer header is no way in to this app's sessions.
    req: { cookies: await requestCookies(request), headers: {} } as never,
    cookieName: sessionCookieName(),
  });
  if (!token?.sub) return { token: null, ended: false, stale: false };
  const confirmed = await confirmSession(token);
  if (!confirmed) return { token: null, ended: true, stale: false };
  return { token: confirmed, ended: false, stale: confirmed.accessToken !== token.accessToken };
}

export function organizationsOf(token: JWT | null): SessionOrganization[] {
  return token?.organizations ?? [];
}

/** Removes the session cookie and any chunks of it (route handlers and server actions only). */
export async function clearSessionCookie(): Promise<void> {
  const store = await cookies();
  const name = sessionCookieName();
  for (const cookie of store.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) store.set(cookie.name, '', { ...sessionCookieOptions(), maxAge: 0 });
  }
}

/** The attributes next-auth gives its session cookie; a `__Secure-` name is only accepted with `secure`. */
export function sessionCookieOptions() {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: usesSecureCookies() };
}
