// `DATABASE_URL=... npm run identity:migrate-to-postgres [-- --from FILE]`: copies the identity directory (accounts,
// organizations, roles, memberships, audit log, links, second factors) of DATA_DIR/identity.sqlite (or FILE) into
// the empty directory of DATABASE_URL, all or nothing.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { copyDirectoryToPostgres } from '@/lib/identity/directory/postgres/copy-from-sqlite';
import { IDENTITY_DB_FILE } from '@/lib/identity/store';
import { openDataDir } from '@/lib/server/data-dir';
import Database from 'better-sqlite3';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const config = loadConfig(process.env);
  if (!config.database) throw new Error('set DATABASE_URL to the PostgreSQL database to copy into');
  const file = values.from ?? openDataDir(config.dataDir).file(IDENTITY_DB_FILE);
  if (!fs.existsSync(file)) throw new Error(`no identity store at ${file}`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const counts = await copyDirectoryToPostgres(source, config.database.url);
    for (const [table, n] of Object.entries(counts)) process.stdout.write(`${table}: ${n}\n`);
    process.stdout.write('copied; start the server with DATABASE_URL to use it\n');
  } finally {
    source.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
