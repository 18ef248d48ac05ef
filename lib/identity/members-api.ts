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

/** The names of the accounts among `usernames`, by username (an account without a name, or none, is left out). */
async function namesOf(accounts: Accounts, usernames: Iterable<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const username of new Set(usernames)) {
    const user = await accounts.findByUsername(username);
    const name = user ? `${user.given_name} ${user.family_name}`.trim() : '';
    if (name) names.set(username, name);
  }
  return names;
}

async function listAuditEvents(deps: OrganizationAccessDeps, req: IncomingMessage, res: ServerResponse, organizationId: string) {
  if (!(await administratorOf(deps, req, res, organizationId, 'read its audit log'))) return;
  const events = await deps.accounts.audit.list(organizationId, 100);
  // People are read by their names, as the account and member pages say them; the record keeps the username.
  const names = await namesOf(deps.accounts, events.flatMap((e) => [e.actor, e.subject]));
  const data: AuditEntry[] = events.map((e) => ({ ...e, actorName: names.get(e.actor) ?? null, subjectName: names.get(e.subject) ?? null }));
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
