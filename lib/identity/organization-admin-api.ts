import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { z } from 'zod';
import { distinctIds, type Accounts } from './directory/types';
import { readJsonBody, sendJson, sendNoSuchApi } from './http';
import { authorizeAdministrator } from './members-api';
import { AdminRuleError, type OrganizationAdmin } from './organization-admin';
import type { SelfServiceLimits } from './self-service/limits';

const PATH = /^\/identity\/api\/organizations\/([^/]+)\/(roles|invitations|members)(?:\/([^/]+))?$/;

/** Role ids are a set: a role named twice is granted once, as if named once. */
const roleIdsSchema = z.array(z.string().min(1).max(200)).max(50).default([]).transform(distinctIds);
const inviteSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email()).optional(),
  isAdministrator: z.boolean().default(false),
  roleIds: roleIdsSchema,
});
const memberSchema = z.object({
  isAdministrator: z.boolean(),
  roleIds: roleIdsSchema,
});

export interface OrganizationAdminApiDeps {
  provider: Provider;
  accounts: Accounts;
  admin: OrganizationAdmin;
  allowedClients: ReadonlySet<string>;
  limits: SelfServiceLimits;
}

/** The methods a path of this API takes; none when the path is no route (`.../roles/<id>`, `.../members`'s write side). */
function methodsOf(resource: string, item: string | undefined): readonly string[] {
  if (resource === 'roles') return item === undefined ? ['GET'] : [];
  if (resource === 'invitations') return item === undefined ? ['GET', 'POST'] : ['DELETE'];
  return item === undefined ? [] : ['PUT', 'DELETE'];
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
};

/**
 * The write side of organization administration, with the same bearer rules as the member list:
 * `GET .../roles`; `GET|POST .../invitations`, `DELETE .../invitations/<id>`; `PUT|DELETE .../members/<userId>`.
 */
export async function handleOrganizationAdminApi(deps: OrganizationAdminApiDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const match = PATH.exec(url.pathname);
  if (!match) return false;
  const [, rawOrg, resource, rawItem] = match;
  const organizationId = decode(rawOrg);
  const item = rawItem === undefined ? undefined : decode(rawItem);
  // GET .../members is the read side (members-api.ts).
  if (resource === 'members' && item === undefined) return false;
  const allowed = methodsOf(resource, item);
  if (!allowed.length) {
    sendNoSuchApi(res);
    return true;
  }
  if (!allowed.includes(req.method ?? '')) {
    sendJson(res, 405, { error: 'method_not_allowed', error_description: `use ${allowed.join(' or ')}` }, { allow: allowed.join(', ') });
    return true;
  }
  const authorized = await authorizeAdministrator(deps.provider, deps.accounts, deps.allowedClients, req, res, organizationId, 'administer it');
  if (!authorized) return true;
  const admin = (await deps.accounts.findById(authorized.accountId))!;
  const json = (status: number, body: unknown) => {
    sendJson(res, status, body);
    return true;
  };
  const invalid = (description: string) => json(400, { error: 'invalid_request', error_description: description });

  try {
    if (resource === 'roles') return json(200, { data: await deps.admin.roles(organizationId) });
    if (resource === 'invitations' && req.method === 'GET') return json(200, { data: await deps.admin.pending(organizationId) });
    if (resource === 'invitations' && req.method === 'POST') {
      const parsed = inviteSchema.safeParse(await readJsonBody(req));
      if (!parsed.success) return invalid('expected JSON {"email"?, "isAdministrator"?, "roleIds"?}');
      const limit = await deps.limits.take('invitation', req, parsed.data.email);
      if (!limit.allowed) {
        sendJson(res, 429, { error: 'too_many_requests', error_description: 'too many invitations; try again later' }, { 'retry-after': String(limit.retryAfterSeconds) });
        return true;
      }
      return json(201, await deps.admin.invite(admin, organizationId, parsed.data));
    }
    if (resource === 'invitations') {
      await deps.admin.revokeInvitation(admin, organizationId, item!);
      res.writeHead(204, { 'cache-control': 'no-store' }).end();
      return true;
    }
    if (req.method === 'PUT') {
      const parsed = memberSchema.safeParse(await readJsonBody(req));
      if (!parsed.success) return invalid('expected JSON {"isAdministrator", "roleIds"}');
      await deps.admin.changeMember(admin, organizationId, item!, parsed.data);
      return json(200, { data: (await deps.accounts.members(organizationId)).find((m) => m.id === item) });
    }
    await deps.admin.removeMember(admin, organizationId, item!);
    res.writeHead(204, { 'cache-control': 'no-store' }).end();
    return true;
  } catch (err) {
    if (!(err instanceof AdminRuleError)) throw err;
    sendJson(res, err.status, { error: err.status === 409 ? 'conflict' : err.status === 404 ? 'not_found' : 'invalid_request', error_description: err.message });
    return true;
  }
}
