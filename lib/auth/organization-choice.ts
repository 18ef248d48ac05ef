import type { SessionOrganization } from './types';

export const ACTIVE_ORGANIZATION_COOKIE = 'explorer-active-organization';

/**
 * The organization a signed-in person explores as: the one their cookie names when the session really holds it,
 * otherwise their first membership. A cookie naming any other organization is ignored, never trusted.
 */
export function chooseActiveOrganization(
  organizations: readonly SessionOrganization[],
  requestedId: string | undefined | null,
): SessionOrganization | null {
  if (organizations.length === 0) return null;
  return organizations.find((o) => o.id === requestedId) ?? organizations[0];
}

export type SwitchDecision = { ok: true; organization: SessionOrganization } | { ok: false; status: 400 | 401 | 403; message: string };

/** Decides a switch request: only an organization the session holds may become active. */
export function decideOrganizationSwitch(
  organizations: readonly SessionOrganization[] | null,
  requestedId: unknown,
): SwitchDecision {
  if (!organizations) return { ok: false, status: 401, message: 'Sign in to choose an organization.' };
  if (typeof requestedId !== 'string' || requestedId.length === 0 || requestedId.length > 200) {
    return { ok: false, status: 400, message: 'organizationId must be an organization id.' };
  }
  const organization = organizations.find((o) => o.id === requestedId);
  if (!organization) return { ok: false, status: 403, message: 'You are not a member of that organization.' };
  return { ok: true, organization };
}
