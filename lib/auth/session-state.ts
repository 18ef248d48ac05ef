import 'server-only';
import { cookies } from 'next/headers';
import { getToken, type JWT } from 'next-auth/jwt';
import { endedSessions } from './ended-sessions';
import type { SessionOrganization } from './types';

export const SESSION_ENDED = 'session ended by logout';

export function sessionCookieName(): string {
  return process.env.NEXTAUTH_URL?.startsWith('https://') ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

export function isSessionEnded(token: JWT): boolean {
  return endedSessions().isEnded({ sid: token.sid, sub: token.sub, signedInAt: token.signedInAt });
}

export interface AuthState {
  /** The decrypted session cookie, or null when signed out or ended. Server use only. */
  token: JWT | null;
  /** A cookie is present but a logout ended its session: route handlers should clear it. */
  ended: boolean;
}

/** Reads the session cookie on the server (route handlers and server components) and applies logouts. */
export async function readAuthState(): Promise<AuthState> {
  const store = await cookies();
  const token = await getToken({
    // Only cookies: a bearer header is no way in to this app's sessions.
    req: { cookies: Object.fromEntries(store.getAll().map((c) => [c.name, c.value])), headers: {} } as never,
    cookieName: sessionCookieName(),
  });
  if (!token?.sub) return { token: null, ended: false };
  if (isSessionEnded(token)) return { token: null, ended: true };
  return { token, ended: false };
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
  const secure = process.env.NEXTAUTH_URL?.startsWith('https://') ?? false;
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
}
