import 'server-only';
import { z } from 'zod';
import {
  answerOf,
  auditEntrySchema,
  createdInvitationSchema,
  invitationSchema,
  memberSchema,
  roleSchema,
  type AuditEntry,
  type CreatedInvitation,
  type Invitation,
  type Member,
  type Role,
} from '@/lib/identity/api-contract';
import { callIdentityApi, type IdentityAnswer, type IdentityCaller, type IdentityRequest } from './call';

export type { AuditEntry, CreatedInvitation, Invitation, Member, Role };

/**
 * An organization's administration at the identity server (lib/identity/members-api.ts and
 * organization-admin-api.ts), with the signed-in administrator's own access token: the identity server decides
 * again who may do what.
 */
const organizationPath = (organizationId: string, path: string) => `/api/organizations/${encodeURIComponent(organizationId)}${path}`;

async function list<T>(caller: IdentityCaller, organizationId: string, path: string, item: z.ZodType<T>): Promise<IdentityAnswer<T[]>> {
  const answer = await callIdentityApi(caller, organizationPath(organizationId, path), {}, answerOf(z.array(item)));
  return answer.ok ? { ok: true, value: answer.value.data } : answer;
}

export const membersOf = (caller: IdentityCaller, organizationId: string) => list(caller, organizationId, '/members', memberSchema);

/** The organization's 100 newest audit events. */
export const auditOf = (caller: IdentityCaller, organizationId: string) => list(caller, organizationId, '/audit', auditEntrySchema);

export const rolesOf = (caller: IdentityCaller, organizationId: string) => list(caller, organizationId, '/roles', roleSchema);

/** Invitations not used, revoked or expired yet. */
export const invitationsOf = (caller: IdentityCaller, organizationId: string) => list(caller, organizationId, '/invitations', invitationSchema);

/** Invites by e-mail (mailed the link) or by link (its `url` for the administrator to hand over). */
export const invite = (caller: IdentityCaller, organizationId: string, invitation: { email?: string; isAdministrator: boolean; roleIds: string[] }) =>
  callIdentityApi(caller, organizationPath(organizationId, '/invitations'), { method: 'POST', body: invitation }, createdInvitationSchema);

/** A change to the organization that answers nothing the caller reads: revoke an invitation, change or remove a member. */
export function administer(caller: IdentityCaller, organizationId: string, path: string, request: IdentityRequest): Promise<IdentityAnswer<unknown>> {
  return callIdentityApi(caller, organizationPath(organizationId, path), request);
}
