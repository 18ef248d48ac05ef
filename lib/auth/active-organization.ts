import 'server-only';
import { ACTIVE_ORGANIZATION_COOKIE, chooseActiveOrganization } from './organization-choice';
import { placesClientForOrganization, type OrganizationPlacesClient } from './organization-clients';
import { organizationsOf, readAuthState, requestCookies, usesSecureCookies } from './session-state';
import type { SessionOrganization } from './types';

export { ACTIVE_ORGANIZATION_COOKIE, chooseActiveOrganization };

/**
 * The signed-in person's active organization, decided on the server: the cookie only names a preference, which
 * counts only when the (encrypted) session holds that membership. Null for visitors and people with no organization.
 */
export async function activeOrganization(request?: Pick<Request, 'headers'>): Promise<SessionOrganization | null> {
  const { token } = await readAuthState(request);
  if (!token) return null;
  const requested = (await requestCookies(request))[ACTIVE_ORGANIZATION_COOKIE];
  return chooseActiveOrganization(organizationsOf(token), requested);
}

/**
 * The Place API client that signs this request's calls when the caller explores as an organization; null means
 * "use the public client" (a visitor, a person with no organization, or an organization with no client configured).
 */
export async function activeOrganizationPlacesClient(request?: Pick<Request, 'headers'>): Promise<OrganizationPlacesClient | null> {
  const organization = await activeOrganization(request);
  return organization ? placesClientForOrganization(organization.id) : null;
}

/** The cookie's attributes: HttpOnly (no script needs it), SameSite=Lax, a year, Secure over https. */
export function activeOrganizationCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    maxAge: 365 * 24 * 60 * 60,
    secure: usesSecureCookies(),
  };
}
