import 'server-only';
import { cookies } from 'next/headers';
import { ACTIVE_ORGANIZATION_COOKIE, chooseActiveOrganization } from './organization-choice';
import { placesClientForOrganization, type OrganizationPlacesClient } from './organization-clients';
import { organizationsOf, readAuthState } from './session-state';
import type { SessionOrganization } from './types';

export { ACTIVE_ORGANIZATION_COOKIE, chooseActiveOrganization };

/**
 * The signed-in person's active organization, decided on the server: the cookie only names a preference, which
 * counts only when the (encrypted) session holds that membership. Null for visitors and people with no organization.
 */
export async function activeOrganization(): Promise<SessionOrganization | null> {
  const { token } = await readAuthState();
  if (!token) return null;
  const requested = (await cookies()).get(ACTIVE_ORGANIZATION_COOKIE)?.value;
  return chooseActiveOrganization(organizationsOf(token), requested);
}

/**
 * The Place API client that signs this request's calls when the caller explores as an organization; null means
 * "use the public client" (a visitor, a person with no organization, or an organization with no client configured).
 */
export async function activeOrganizationPlacesClient(): Promise<OrganizationPlacesClient | null> {
  const organization = await activeOrganization();
  return organization ? placesClientForOrganization(organization.id) : null;
}

/** The cookie's attributes: HttpOnly (no script needs it), SameSite=Lax, a year, Secure over https. */
export function activeOrganizationCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    maxAge: 365 * 24 * 60 * 60,
    secure: process.env.NEXTAUTH_URL?.startsWith('https://') ?? false,
  };
}
