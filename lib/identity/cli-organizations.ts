import { CliError, need, type CliCommand, type CliRun } from './cli-command';
import { findUser } from './cli-users';

async function createOrganization({ directory: { accounts }, o, actor }: CliCommand): Promise<string> {
  return `created organization ${await accounts.createOrganization(need(o.name, 'name'), o.id, actor)}`;
}

async function listOrganizations({ directory: { accounts } }: CliCommand): Promise<string> {
  return (await accounts.listOrganizations()).map((g) => `${g.id}\t${g.name}`).join('\n');
}

async function createRole({ directory: { accounts }, o, actor }: CliCommand): Promise<string> {
  return `created role ${await accounts.createRole(need(o.org, 'org'), need(o.name, 'name'), o.id, actor)}`;
}

async function addMembership({ directory: { accounts }, o, actor }: CliCommand): Promise<string> {
  const row = await findUser(accounts, o.user);
  if (!o.admin && !o.role?.length) throw new CliError('give --admin or at least one --role');
  await accounts.setMembership(row.id, need(o.org, 'org'), { isAdministrator: o.admin ?? false, roleIds: o.admin ? [] : (o.role ?? []) }, actor);
  return `${row.username} is ${o.admin ? 'an administrator' : `a member (${o.role!.join(', ')})`} of ${o.org}`;
}

async function removeMembership({ directory: { accounts }, o, actor }: CliCommand): Promise<string> {
  const row = await findUser(accounts, o.user);
  if (!(await accounts.removeMembership(row.id, need(o.org, 'org'), actor))) throw new CliError(`${row.username} is not a member of ${o.org}`);
  return `${row.username} removed from ${o.org}`;
}

async function listAudit({ directory: { accounts }, o }: CliCommand): Promise<string> {
  return (await accounts.audit.list(o.org ?? null, 200)).map((e) => `${e.at}\t${e.actor}\t${e.action}\t${e.subject}\t${JSON.stringify(e.details)}`).join('\n');
}

/** `orgs …`, `roles …`, `memberships …` and `audit list`: organizations, who is in them as what, and what changed. */
export const ORGANIZATION_COMMANDS: [string, CliRun][] = [
  ['orgs create', createOrganization],
  ['orgs list', listOrganizations],
  ['roles create', createRole],
  ['memberships add', addMembership],
  ['memberships remove', removeMembership],
  ['audit list', listAudit],
];
