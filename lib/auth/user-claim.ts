import { z } from 'zod';
import type { SessionOrganization } from './types';

const MAX_ORGANIZATIONS = 50;

const roleSchema = z.object({ role: z.object({ id: z.string().min(1), name: z.string() }) });

const membershipSchema = z.object({
  isAdministrator: z.boolean().optional(),
  organization: z.object({ id: z.string().min(1), name: z.string() }),
  roles: z.array(roleSchema).optional(),
});

const userClaimSchema = z.object({
  id: z.string().optional(),
  organizations: z.array(membershipSchema),
});

export type ClaimWarning = (message: string, fields?: Record<string, unknown>) => void;

/**
 * Reads the identity server's `user` claim (a JSON string) into the session's memberships. A missing or malformed
 * claim signs the person in with no organizations and a warning: it must never break a sign-in.
 */
export function parseUserClaim(claim: unknown, warn: ClaimWarning): SessionOrganization[] {
  if (claim === undefined || claim === null) {
    warn('user claim missing: signing in without organizations');
    return [];
  }
  let value: unknown = claim;
  if (typeof claim === 'string') {
    try {
      value = JSON.parse(claim);
    } catch {
      warn('user claim is not JSON: signing in without organizations');
      return [];
    }
  }
  const parsed = userClaimSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    warn('user claim malformed: signing in without organizations', { path: issue?.path.join('.'), issue: issue?.message });
    return [];
  }

  const byId = new Map<string, SessionOrganization>();
  for (const membership of parsed.data.organizations) {
    const { id, name } = membership.organization;
    const roles = (membership.roles ?? []).map((r) => r.role.name);
    const existing = byId.get(id);
    if (existing) {
      existing.admin ||= membership.isAdministrator === true;
      existing.roles = [...new Set([...existing.roles, ...roles])];
    } else {
      byId.set(id, { id, name, roles: [...new Set(roles)], admin: membership.isAdministrator === true });
    }
  }
  const organizations = [...byId.values()];
  if (organizations.length > MAX_ORGANIZATIONS) {
    warn('user claim lists more organizations than a session keeps', { kept: MAX_ORGANIZATIONS, listed: organizations.length });
    return organizations.slice(0, MAX_ORGANIZATIONS);
  }
  return organizations;
}
