import { endAccountSessions } from './account-models';
import { CliError, need, type CliCommand, type CliRun } from './cli-command';
import type { Accounts } from './directory/types';
import { generatePassword } from './passwords';

export async function findUser(accounts: Accounts, login: string | undefined, flag = 'user') {
  const row = await accounts.findByLogin(need(login, flag));
  if (!row) throw new CliError(`no user ${login}`);
  return row;
}

const shownOnce = (given: string | undefined, password: string) => (given ? '' : `\npassword (shown once): ${password}`);

async function createUser({ directory: { accounts }, o }: CliCommand): Promise<string> {
  const password = o.password ?? generatePassword();
  const created = await accounts.createUser({
    username: need(o.username, 'username'),
    email: need(o.email, 'email'),
    givenName: need(o['given-name'], 'given-name'),
    familyName: need(o['family-name'], 'family-name'),
    password,
    emailVerified: o.verified ?? false,
  });
  return `created user ${created.username} (${created.id})${shownOnce(o.password, password)}`;
}

async function setPassword({ directory, providerStore, o, subject, actor }: CliCommand): Promise<string> {
  const { accounts } = directory;
  const row = await findUser(accounts, subject ?? o.user ?? o.username, 'user');
  const password = o.password ?? generatePassword();
  await accounts.setPassword(row.id, password);
  // As a reset by the owner: every session, grant and token of the account ends with the old password, and
  // (in setPassword, the same transaction) every open reset and confirmation link of the account.
  const ended = await endAccountSessions(providerStore.models, row.id);
  await directory.audit.record({ actor, action: 'account.password_reset', subject: row.username, details: { endedSessionsAndTokens: ended } });
  return `password set for ${row.username}, ${ended} sessions and tokens ended${shownOnce(o.password, password)}`;
}

async function verifyEmail({ directory: { accounts }, o, subject }: CliCommand): Promise<string> {
  const row = await findUser(accounts, subject ?? o.user ?? o.username, 'user');
  await accounts.setEmailVerified(row.id, true);
  return `e-mail ${row.email} of ${row.username} is verified`;
}

async function listUsers({ directory: { accounts } }: CliCommand): Promise<string> {
  return (await accounts.listUsers()).map((u) => `${u.username}\t${u.email}${u.email_verified ? '' : ' (unverified)'}\t${u.id}`).join('\n');
}

async function setModerator(moderator: boolean, { directory, o, subject, actor }: CliCommand): Promise<string> {
  const row = await findUser(directory.accounts, subject ?? o.user ?? o.username, 'user');
  const changed = await directory.moderators.set(row.id, moderator, actor);
  const now = moderator ? 'a moderator' : 'not a moderator';
  return `${row.username} is ${now}${changed ? ' now' : ' already'}`;
}

async function listModerators({ directory }: CliCommand): Promise<string> {
  const moderators = await directory.moderators.list();
  return moderators.length ? moderators.map((u) => `${u.username}	${u.email}	${u.id}`).join('\n') : 'no moderators';
}

/** `users …`: accounts, their passwords and addresses, and the platform's moderators. */
export const USER_COMMANDS: [string, CliRun][] = [
  ['users create', createUser],
  ['users set-password', setPassword],
  ['users verify-email', verifyEmail],
  ['users list', listUsers],
  ['moderators add', (command) => setModerator(true, command)],
  ['moderators remove', (command) => setModerator(false, command)],
  ['moderators list', listModerators],
];
