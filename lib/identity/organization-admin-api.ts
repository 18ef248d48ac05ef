import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { CreatedInvitation, Invitation, Member, Role } from './api-contract';
import { refuseMethod, routeTable } from './api-routes';
import { distinctIds, type UserRow } from './directory/types';
import { readJsonBody, sendJson } from './http';
import { administratorOf, decodeParameter, type OrganizationAccessDeps } from './organization-access';
import { AdminRuleError, type OrganizationAdmin } from './organization-admin';
import type { SelfServiceLimits } from './self-service/limits';

/** Role ids are a set: a role named twice is granted once, as if named once. */
const roleIdsSchema = z.array(z.string().min(1).max(200)).max(50).default([]).transform(distinctIds);
const inviteSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email()).optional(),
  isAdministrator: z.boolean().default(false),
  roleIds: roleIdsSchema,
});
const memberChangeSchema = z.object({
  isAdministrator: z.boolean(),
  roleIds: roleIdsSchema,
});

export interface OrganizationAdminApiDeps extends OrganizationAccessDeps {
  admin: OrganizationAdmin;
  limits: SelfServiceLimits;
}

/** One request of organization administration, past its checks: by which administrator, of which organization. */
interface AdminRequest {
  deps: OrganizationAdminApiDeps;
  req: IncomingMessage;
  res: ServerResponse;
  admin: UserRow;
  organizationId: string;
  /** The invitation's or member's id of `.../invitations/<id>` and `.../members/<id>`. */
  item: string;
}

type AdminAction = (call: AdminRequest) => Promise<void>;

const noContent = (res: ServerResponse) => res.writeHead(204, { 'cache-control': 'no-store' }).end();
const invalid = (res: ServerResponse, description: string) => sendJson(res, 400, { error: 'invalid_request', error_description: description });

async function listRoles({ deps, res, organizationId }: AdminRequest) {
  const data: Role[] = await deps.admin.roles(organizationId);
  sendJson(res, 200, { data });
}

async function listInvitations({ deps, res, organizationId }: AdminRequest) {
  const data: Invitation[] = await deps.admin.pending(organizationId);
  sendJson(res, 200, { data });
}

async function invite({ deps, req, res, admin, organizationId }: AdminRequest) {
  const parsed = inviteSchema.safeParse(await readJsonBody(req));
  if (!parsed.success) return invalid(res, 'expected JSON {"email"?, "isAdministrator"?, "roleIds"?}');
  const limit = await deps.limits.take('invitation', req, parsed.data.email);
  if (!limit.allowed) {
    return sendJson(res, 429, { error: 'too_many_requests', error_description: 'too many invitations; try again later' }, { 'retry-after': String(limit.retryAfterSeconds) });
  }
  const created: CreatedInvitation = await deps.admin.invite(admin, organizationId, parsed.data);
  sendJson(res, 201, created);
}

async function revokeInvitation({ deps, res, admin, organizationId, item }: AdminRequest) {
  await deps.admin.revokeInvitation(admin, organizationId, item);
  noContent(res);
}

async function changeMember({ deps, req, res, admin, organizationId, item }: AdminRequest) {
  const parsed = memberChangeSchema.safeParse(await readJsonBody(req));
  if (!parsed.success) return invalid(res, 'expected JSON {"isAdministrator", "roleIds"}');
  await deps.admin.changeMember(admin, organizationId, item, parsed.data);
  const data: Member | undefined = (await deps.accounts.members(organizationId)).find((m) => m.id === item);
  sendJson(res, 200, { data });
}

async function removeMember({ deps, res, admin, organizationId, item }: AdminRequest) {
  await deps.admin.removeMember(admin, organizationId, item);
  noContent(res);
}

/** `GET .../members` is the read side (members-api.ts), as is `.../audit`. */
const route = routeTable<AdminAction>(
  '/identity/api/organizations/:organization',
  [
    { method: 'GET', path: '/roles', action: listRoles },
    { method: 'GET', path: '/invitations', action: listInvitations },
    { method: 'POST', path: '/invitations', action: invite },
    { method: 'DELETE', path: '/invitations/:item', action: revokeInvitation },
    { method: 'PUT', path: '/members/:item', action: changeMember },
    { method: 'DELETE', path: '/members/:item', action: removeMember },
  ],
  { organization: '[^/]+', item: '[^/]+' },
);

const ERROR_CODES: Record<AdminRuleError['status'], string> = { 400: 'invalid_request', 404: 'not_found', 409: 'conflict' };

/**
 * The write side of organization administration, with the same bearer rules as the member list:
 * `GET .../roles`; `GET|POST .../invitations`, `DELETE .../invitations/<id>`; `PUT|DELETE .../members/<userId>`.
 * A rule of organization administration broken (AdminRuleError) is answered with its status and words.
 */
export async function handleOrganizationAdminApi(deps: OrganizationAdminApiDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const match = route(url.pathname, req.method);
  if (!match) return false;
  if (!match.found) {
    refuseMethod(res, match.allowed);
    return true;
  }
  const organizationId = decodeParameter(match.params.organization);
  const authorized = await administratorOf(deps, req, res, organizationId, 'administer it');
  if (!authorized) return true;
  const admin = (await deps.accounts.findById(authorized.accountId))!;
  try {
    await match.action({ deps, req, res, admin, organizationId, item: decodeParameter(match.params.item ?? '') });
  } catch (err) {
    if (!(err instanceof AdminRuleError)) throw err;
    sendJson(res, err.status, { error: ERROR_CODES[err.status], error_description: err.message });
  }
  return true;
}
