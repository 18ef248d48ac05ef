// `DATABASE_URL=... npm run identity:migrate-to-postgres [-- --from FILE]`: copies, all or nothing, into the empty
// stores of DATABASE_URL what a single instance kept under DATA_DIR: the identity directory (accounts,
// organizations, roles, memberships, audit log, links, second factors) and the OIDC clients of identity.sqlite (or
// FILE), the signing keys of identity-signing-keys.json, and the Place API clients of places-clients.sqlite.
// The places themselves: `npm run places:migrate-to-postgres`.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadConfig } from '@/lib/config/env';
import { inOneTransaction } from '@/lib/db/postgres/in-one-transaction';
import { copyDirectoryRows } from '@/lib/identity/directory/postgres/copy-from-sqlite';
import { SIGNING_KEYS_FILE, storedSigningKeys } from '@/lib/identity/keys';
import { copyProviderState } from '@/lib/identity/provider-store/postgres/copy-from-sqlite';
import { IDENTITY_DB_FILE } from '@/lib/identity/store';
import { copyApiClients } from '@/lib/places/auth/api-clients/copy-from-sqlite';
import { CLIENTS_FILE } from '@/lib/places/auth/client-store';
import { openDataDir } from '@/lib/core/data-dir';
import { SecretBox } from '@/lib/core/secret-box';
import { loadSecrets } from '@/lib/core/secrets';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const config = loadConfig(process.env);
  if (!config.database) throw new Error('set DATABASE_URL to the PostgreSQL database to copy into');
  const dataDir = openDataDir(config.dataDir);
  const file = values.from ?? dataDir.file(IDENTITY_DB_FILE);
  if (!fs.existsSync(file)) throw new Error(`no identity store at ${file}`);
  const keysFile = path.join(path.dirname(file), SIGNING_KEYS_FILE);
  const apiClientsFile = path.join(path.dirname(file), CLIENTS_FILE);
  // Sealed secrets are copied as they are and the keys sealed with the first of these: every instance then needs them.
  const box = new SecretBox(loadSecrets(dataDir).encryptionKeys);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  const apiClients = fs.existsSync(apiClientsFile) ? new Database(apiClientsFile, { readonly: true, fileMustExist: true }) : null;
  try {
    const counts = await inOneTransaction(config.database.url, async (client) => ({
      ...(await copyDirectoryRows(client, source)),
      ...(await copyProviderState(client, source, storedSigningKeys(keysFile), box)),
      ...(apiClients ? await copyApiClients(client, apiClients) : {}),
    }));
    for (const [table, n] of Object.entries(counts)) process.stdout.write(`${table}: ${n}\n`);
    if (!apiClients) process.stdout.write(`no ${apiClientsFile}: no Place API clients copied\n`);
    process.stdout.write(
      'copied; start every instance with DATABASE_URL and the SECRETS_ENCRYPTION_KEYS this DATA_DIR used (the variable, or secrets.json here): the client secrets and keys are sealed with them\n',
    );
  } finally {
    source.close();
    apiClients?.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
