import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import type { AuditEntry, Member } from './api-contract';
import { refuseMethod, routeTable } from './api-routes';
import type { Accounts } from './directory/types';
import { sendJson } from './http';
import { administratorOf, decodeParameter, type OrganizationAccessDeps } from './organization-access';

type ReadAction = (deps: OrganizationAccessDeps, req: IncomingMessage, res: ServerResponse, organizationId: string) => Promise<void>;

async function listMembers(deps: OrganizationAccessDeps, req: IncomingMessage, res: ServerResponse, organizationId: string) {
  if (!(await administratorOf(deps, req, res, organizationId, 'read its members'))) return;
  const data: Member[] = await deps.accounts.members(organizationId);
  sendJson(res, 200, { data });
}

async function listAuditEvents(deps: OrganizationAccessDeps, req: IncomingMessage, res: ServerResponse, organizationId: string) {
  if (!(await administratorOf(deps, req, res, organizationId, 'read its audit log'))) return;
  const data: AuditEntry[] = await deps.accounts.audit.list(organizationId, 100);
  sendJson(res, 200, { data });
}

const route = routeTable<ReadAction>(
  '/identity/api/organizations/:organization',
  [
    { method: 'GET', path: '/members', action: listMembers },
    { method: 'GET', path: '/audit', action: listAuditEvents },
  ],
  { organization: '[^/]+' },
);

/**
 * `GET /identity/api/organizations/<id>/members` and `.../audit` (the organization's 100 newest audit events): for
 * administrators of that organization, with a `cosmos` access token of a first-party app (organization-access.ts).
 */
export async function handleMembersApi(
  provider: Provider,
  accounts: Accounts,
  allowedClients: ReadonlySet<string>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = route(url.pathname, req.method);
  if (!match) return false;
  if (!match.found) refuseMethod(res, match.allowed);
  else await match.action({ provider, accounts, allowedClients }, req, res, decodeParameter(match.params.organization));
  return true;
}
