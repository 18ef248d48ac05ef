import 'server-only';
import type { JWT } from 'next-auth/jwt';
import { errorResponse, jsonError } from '@/lib/http/json-response';
import { identityClientConfig } from './identity-config';
import { ACTIVE_ORGANIZATION_COOKIE, chooseActiveOrganization } from './organization-choice';
import { isSameOriginRequest } from './same-origin';
import { organizationsOf, readAuthState, requestCookies } from './session-state';
import type { SessionOrganization } from './types';

/** The signed-in caller, as decided on the server from the encrypted session cookie. */
export interface Session {
  /** The identity server's subject: the stable id trips and other records are owned by. */
  userId: string;
  name: string | null;
  token: JWT;
  organizations: SessionOrganization[];
  /** The organization the caller explores as (null without one). */
  activeOrganization: SessionOrganization | null;
}

export interface SessionContext<P> {
  request: Request;
  params: P;
  /** Null for a visitor (only when the handler allows visitors). */
  session: Session | null;
  /** A cookie was present but a logout ended its session: the handler may clear it. */
  ended: boolean;
}

export interface SessionOptions {
  /** Refuse cross-site requests (state-changing handlers). */
  sameOrigin?: boolean;
  /** Answer 401 to visitors. Implied by `organization` and `admin`. */
  signedIn?: boolean;
  /** The caller must explore as an organization. */
  organization?: boolean;
  /** The caller must administer their active organization. */
  admin?: boolean;
}

type RouteContext<P> = { params: Promise<P> };

/**
 * Wraps an Explorer route handler once for what every handler checks by hand otherwise: same origin, the session,
 * the organization and its role, then the handler; what it throws becomes the one JSON error shape.
 */
export function withSession<P = Record<string, never>>(
  handler: (context: SessionContext<P>) => Promise<Response> | Response,
  options: SessionOptions = {},
): (request: Request, route: RouteContext<P>) => Promise<Response> {
  const mustSignIn = options.signedIn || options.organization || options.admin;
  return async (request, route) => {
    try {
      if (options.sameOrigin && !isSameOriginRequest(request, identityClientConfig().appUrl)) {
        return jsonError(403, 'forbidden', 'Cross-site request refused.');
      }
      const state = await readAuthState(request);
      const session = state.token ? await sessionOf(state.token, request) : null;
      if (mustSignIn && !session) return jsonError(401, 'unauthorized', 'Sign in first.');
      if ((options.organization || options.admin) && !session?.activeOrganization) {
        return jsonError(403, 'forbidden', 'Choose an organization first.');
      }
      if (options.admin && !session?.activeOrganization?.admin) return jsonError(403, 'forbidden', 'Only an administrator of this organization may do this.');
      const params = route?.params ? await route.params : ({} as P);
      return await handler({ request, params, session, ended: state.ended });
    } catch (err) {
      return errorResponse(err);
    }
  };
}

/** The signed-in caller of a server component (no request) or a handler; null for a visitor. */
export async function currentSession(request?: Request): Promise<Session | null> {
  const { token } = await readAuthState(request);
  return token ? sessionOf(token, request) : null;
}

async function sessionOf(token: JWT, request?: Request): Promise<Session> {
  const organizations = organizationsOf(token);
  const requested = (await requestCookies(request))[ACTIVE_ORGANIZATION_COOKIE];
  return {
    userId: token.sub as string,
    name: token.name ?? null,
    token,
    organizations,
    activeOrganization: chooseActiveOrganization(organizations, requested),
  };
}
