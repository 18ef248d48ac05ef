import 'server-only';
import type { AuditEntry } from './audit-wording';
import { fetchOrganizationAudit, fetchOrganizationMembers, type Member } from './membership-api';
import { organizationsOf, readAuthState } from './session-state';
import { accessTokenExpired } from './token-refresh';

export interface DirectoryOrganization {
  id: string;
  name: string;
  members: Member[];
  error: string | null;
  audit: AuditEntry[];
  auditError: string | null;
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
  const { token } = await readAuthState();
  if (!token) return { kind: 'signed-out' };
  const administered = organizationsOf(token).filter((o) => o.admin);
  const targets = organizationId ? administered.filter((o) => o.id === organizationId) : administered;
  if (targets.length === 0) return { kind: 'forbidden' };
  if (accessTokenExpired(token) || !token.accessToken) return token.refreshToken ? { kind: 'refresh' } : { kind: 'reauthenticate' };

  const accessToken = token.accessToken;
  const [results, audits] = await Promise.all([
    Promise.all(targets.map((org) => fetchOrganizationMembers(org.id, accessToken))),
    Promise.all(targets.map((org) => fetchOrganizationAudit(org.id, accessToken))),
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
      };
    }),
  };
}
