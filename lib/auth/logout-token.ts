import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

export class LogoutTokenError extends Error {}

export interface LogoutTokenOptions {
  issuer: string;
  /** This app's client id: the token's `aud` must include it. */
  audience: string;
  keys: JWTVerifyGetKey;
  algorithms?: string[];
  /** How old (by `iat`) a logout token may be; 10 minutes unless told. */
  maxAge?: string;
}

export interface LogoutClaims {
  sid?: string;
  sub?: string;
}

/** Validates a logout token as OpenID Connect Back-Channel Logout 1.0 section 2.6 requires. */
export async function verifyLogoutToken(token: string, options: LogoutTokenOptions): Promise<LogoutClaims> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, options.keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: options.algorithms ?? ['RS256'],
      requiredClaims: ['iat'],
      maxTokenAge: options.maxAge ?? '10m',
      clockTolerance: 30,
    }));
  } catch (err) {
    const reason = err instanceof errors.JOSEError ? err.code : 'ERR_INVALID';
    throw new LogoutTokenError(`logout token rejected (${reason})`);
  }
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events && typeof events === 'object' ? events[BACKCHANNEL_LOGOUT_EVENT] : undefined;
  if (!event || typeof event !== 'object' || Array.isArray(event)) {
    throw new LogoutTokenError('logout token has no back-channel logout event');
  }
  if ('nonce' in payload) throw new LogoutTokenError('logout token must not carry a nonce');
  const sid = typeof payload.sid === 'string' && payload.sid ? payload.sid : undefined;
  const sub = typeof payload.sub === 'string' && payload.sub ? payload.sub : undefined;
  if (!sid && !sub) throw new LogoutTokenError('logout token names neither a session nor a subject');
  return { sid, sub };
}
