import 'server-only';
import type { AuditEntry } from './audit-wording';
import { fetchOrganizationAudit, fetchOrganizationMembers, type Member } from './membership-api';
import { invitationsOf, rolesOf, type Invitation, type Role } from './organization-admin-client';
import { organizationsOf, readAuthState } from './session-state';

export interface DirectoryOrganization {
  id: string;
  name: string;
  members: Member[];
  error: string | null;
  audit: AuditEntry[];
  auditError: string | null;
  /** The organization's roles, for the invitation and role forms. */
  roles: Role[];
  /** Invitations not used, revoked or expired yet. */
  invitations: Invitation[];
}

export type DirectoryResult =
  | { kind: 'signed-out' }
  | { kind: 'forbidden' }
  | { kind: 'refresh' }
  | { kind: 'reauthenticate' }
  | { kind: 'ok'; organizations: DirectoryOrganization[] };

/**
 * The members of the organizations the signed-in person administers (or of the one asked for), read from the
 * identity server with their own access token. Authorization is decided here, on the server, from the session;
 * the identity server checks it again on its side.
 */
export async function loadAdminDirectory(organizationId?: string): Promise<DirectoryResult> {
  const { token, stale } = await readAuthState();
  if (!token) return { kind: 'signed-out' };
  const administered = organizationsOf(token).filter((o) => o.admin);
  const targets = organizationId ? administered.filter((o) => o.id === organizationId) : administered;
  if (targets.length === 0) return { kind: 'forbidden' };
  // The session's access token was refreshed for this request: the page keeps the new one in the cookie first.
  if (stale) return { kind: 'refresh' };
  if (!token.accessToken) return { kind: 'reauthenticate' };

  const accessToken = token.accessToken;
  const [results, audits, roles, invitations] = await Promise.all([
    Promise.all(targets.map((org) => fetchOrganizationMembers(org.id, accessToken))),
    Promise.all(targets.map((org) => fetchOrganizationAudit(org.id, accessToken))),
    Promise.all(targets.map((org) => rolesOf(accessToken, org.id))),
    Promise.all(targets.map((org) => invitationsOf(accessToken, org.id))),
  ]);
  if (results.some((r) => !r.ok && r.status === 401)) return { kind: 'reauthenticate' };
  return {
    kind: 'ok',
    organizations: targets.map((org, i) => {
      const [result, audit] = [results[i], audits[i]];
      return {
        id: org.id,
        name: org.name,
        members: result.ok ? result.members : [],
        error: result.ok ? null : result.message,
        audit: audit.ok ? audit.entries : [],
        auditError: audit.ok ? null : audit.message,
        roles: roles[i].ok ? roles[i].value.data : [],
        invitations: invitations[i].ok ? invitations[i].value.data : [],
      };
    }),
  };
}
