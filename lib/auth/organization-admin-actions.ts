'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { IdentityAnswer, IdentityCaller } from '@/lib/identity-client/call';
import { administer, invite } from '@/lib/identity-client/organization';
import { distinctIds } from '@/lib/identity/directory/types';
import { identityCaller } from './identity-caller';
import { organizationsOf, readAuthState } from './session-state';
import { accessTokenExpired } from './token-refresh';

export type AdminActionResult = { ok: true; message: string; link?: string } | { ok: false; message: string };

/**
 * The administrator's changes (server actions: Next checks the caller's origin). Each checks the session's current
 * memberships here, then the identity server checks the access token's owner again and records the change.
 */
async function asAdministrator(organizationId: string): Promise<{ accessToken: string } | AdminActionResult> {
  const { token } = await readAuthState();
  if (!token) return { ok: false, message: 'You are signed out. Sign in again.' };
  if (!organizationsOf(token).some((o) => o.id === organizationId && o.admin)) return { ok: false, message: 'You do not administer this organization.' };
  if (!token.accessToken || accessTokenExpired(token)) return { ok: false, message: 'Your sign-in needs refreshing. Reload the page and try again.' };
  return { accessToken: token.accessToken };
}

// Server actions are public endpoints: their arguments are checked here, never trusted to the form's types.
const INVALID: AdminActionResult = { ok: false, message: 'The request was not valid. Reload the page and try again.' };
const id = z.string().min(1).max(200);
/** Role ids are a set: a role named twice is granted once. */
const ids = z.array(id).max(50).transform(distinctIds);
const inviteArgs = z.tuple([id, z.object({ email: z.string().trim().max(254), isAdministrator: z.boolean(), roleIds: ids })]);
const memberArgs = z.tuple([id, id, z.object({ isAdministrator: z.boolean(), roleIds: ids })]);
const itemArgs = z.tuple([id, id]);

async function run<T>(organizationId: string, call: (caller: IdentityCaller) => Promise<IdentityAnswer<T>>, done: (value: T) => AdminActionResult): Promise<AdminActionResult> {
  const admin = await asAdministrator(organizationId);
  if (!('accessToken' in admin)) return admin;
  const result = await call(identityCaller(admin.accessToken));
  if (!result.ok) return { ok: false, message: result.message };
  revalidatePath('/admin', 'layout');
  return done(result.value);
}

export async function inviteMember(organizationId: string, input: { email: string; isAdministrator: boolean; roleIds: string[] }): Promise<AdminActionResult> {
  const args = inviteArgs.safeParse([organizationId, input]);
  if (!args.success) return INVALID;
  const [, { email, isAdministrator, roleIds }] = args.data;
  const body = { ...(email ? { email } : {}), isAdministrator, roleIds };
  return run(
    organizationId,
    (caller) => invite(caller, organizationId, body),
    (created) => (email ? { ok: true, message: `Invitation sent to ${email}.` } : { ok: true, message: 'Invitation link created. Copy it and send it to the person.', link: created.url }),
  );
}

export async function revokeInvitation(organizationId: string, invitationId: string): Promise<AdminActionResult> {
  if (!itemArgs.safeParse([organizationId, invitationId]).success) return INVALID;
  const path = `/invitations/${encodeURIComponent(invitationId)}`;
  return run(organizationId, (caller) => administer(caller, organizationId, path, { method: 'DELETE' }), () => ({ ok: true, message: 'Invitation revoked.' }));
}

export async function changeMember(organizationId: string, userId: string, input: { isAdministrator: boolean; roleIds: string[] }): Promise<AdminActionResult> {
  const args = memberArgs.safeParse([organizationId, userId, input]);
  if (!args.success) return INVALID;
  const [, , { isAdministrator, roleIds }] = args.data;
  const body = { isAdministrator, roleIds: isAdministrator ? [] : roleIds };
  const path = `/members/${encodeURIComponent(userId)}`;
  return run(organizationId, (caller) => administer(caller, organizationId, path, { method: 'PUT', body }), () => ({ ok: true, message: 'Membership updated.' }));
}

export async function removeMember(organizationId: string, userId: string): Promise<AdminActionResult> {
  if (!itemArgs.safeParse([organizationId, userId]).success) return INVALID;
  const path = `/members/${encodeURIComponent(userId)}`;
  return run(organizationId, (caller) => administer(caller, organizationId, path, { method: 'DELETE' }), () => ({ ok: true, message: 'Member removed.' }));
}
