import 'server-only';
import { auditOf, invitationsOf, membersOf, rolesOf, type AuditEntry, type Invitation, type Member, type Role } from '@/lib/identity-client/organization';
import { identityCaller } from './identity-caller';
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

  const caller = identityCaller(token.accessToken);
  const [results, audits, roles, invitations] = await Promise.all([
    Promise.all(targets.map((org) => membersOf(caller, org.id))),
    Promise.all(targets.map((org) => auditOf(caller, org.id))),
    Promise.all(targets.map((org) => rolesOf(caller, org.id))),
    Promise.all(targets.map((org) => invitationsOf(caller, org.id))),
  ]);
  if (results.some((r) => !r.ok && r.status === 401)) return { kind: 'reauthenticate' };
  return {
    kind: 'ok',
    organizations: targets.map((org, i) => {
      const [result, audit] = [results[i], audits[i]];
      return {
        id: org.id,
        name: org.name,
        members: result.ok ? result.value : [],
        error: result.ok ? null : result.message,
        audit: audit.ok ? audit.value : [],
        auditError: audit.ok ? null : audit.message,
        roles: roles[i].ok ? roles[i].value : [],
        invitations: invitations[i].ok ? invitations[i].value : [],
      };
    }),
  };
}
