import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '@/lib/config/env';
import { openDataDir } from '@/lib/core/data-dir';
import { SecretBox } from '@/lib/core/secret-box';
import { loadSecrets } from '@/lib/core/secrets';
import { commandLineActor } from './audit';
import { CLIENT_COMMANDS, rotateSigningKey } from './cli-clients';
import { CliError, parseCommandLine, type CliCommand, type CliRun, type CliStores } from './cli-command';
import { ORGANIZATION_COMMANDS } from './cli-organizations';
import { USER_COMMANDS } from './cli-users';
import { openIdentityDirectory } from './directory';
import { AccountError } from './directory/types';
import { openProviderStore } from './provider-store';

export { CliError } from './cli-command';

export const CLI_USAGE = `usage: npm run identity -- <command> [options]
  (works on $DATA_DIR, default ./.data; with $DATABASE_URL, clients and signing keys are in PostgreSQL)

  users create --username U --email E --given-name G --family-name F [--password P] [--verified]
  users set-password U [--password P]        (a generated password is printed once when none is given)
  users verify-email U
  users list
  moderators add U | moderators remove U | moderators list   (the platform's moderators of reviews and photos)
  orgs create --name N [--id ID]
  orgs list
  roles create --org ORG_ID --name N [--id ID]
  memberships add --user U --org ORG_ID (--admin | --role ROLE_ID [--role ROLE_ID ...])
  memberships remove --user U --org ORG_ID
  clients create --name N --grant G [--grant G ...] [--response-type T ...] [--redirect-uri URI ...]
                 [--auth-method client_secret_basic|client_secret_post|private_key_jwt] [--jwks-file FILE]
                 [--post-logout-redirect-uri URI ...] [--backchannel-logout-uri URI] [--frontchannel-logout-uri URI]
                 [--scope "openid email ..."] [--first-party] [--id CLIENT_ID]
                 (the client secret is printed once)
  clients list
  keys rotate                                 (published within 5 s; instances sign with it 6 to 11 s later)
  audit list [--org ORG_ID]                   (newest first; without --org, the events of no organization)`;

const COMMANDS = new Map<string, CliRun>([...USER_COMMANDS, ...ORGANIZATION_COMMANDS, ...CLIENT_COMMANDS]);

/** The provider store and the directory, as the server opens them; neither stays open if the other fails to open. */
async function openStores(dataDir: string, database: DatabaseConfig | null): Promise<CliStores> {
  fs.mkdirSync(dataDir, { recursive: true });
  const providerStore = await openProviderStore({ database }, { file: (name) => path.join(dataDir, name) }, new SecretBox(loadSecrets(openDataDir(dataDir)).encryptionKeys));
  try {
    const directory = await openIdentityDirectory({ database }, { file: (name: string) => path.join(dataDir, name) });
    return { providerStore, directory };
  } catch (err) {
    await providerStore.close();
    throw err;
  }
}

/** Runs a command of the table (the usage for none), its refusals by the directory said as the CLI's. */
async function runCommand(key: string, command: Omit<CliCommand, 'actor'>): Promise<string> {
  const actor = commandLineActor();
  try {
    const run = COMMANDS.get(key);
    if (!run) throw new CliError(CLI_USAGE);
    return await run({ ...command, actor });
  } catch (err) {
    if (err instanceof AccountError) throw new CliError(err.message);
    if (err instanceof Error && /UNIQUE constraint|duplicate key value/.test(err.message)) throw new CliError('that id is taken');
    throw err;
  }
}

/**
 * Runs one command against the identity stores in dataDir, or in PostgreSQL when `database` (DATABASE_URL) is given,
 * as the server does; returns what to print.
 */
export async function runIdentityCli(argv: string[], dataDir: string, database: DatabaseConfig | null = null): Promise<string> {
  const { values: o, positionals } = parseCommandLine(argv);
  const [area, action, subject] = positionals;
  const stores = await openStores(dataDir, database);
  try {
    if (area === 'keys' && action === 'rotate') return await rotateSigningKey(stores);
    return await runCommand(`${area} ${action}`, { ...stores, o, subject });
  } finally {
    await stores.providerStore.close();
    await stores.directory.close();
  }
}
