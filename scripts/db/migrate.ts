// `npm run db:migrate`: applies the migrations the configured database has not run, and says which ran. PostgreSQL
// when DATABASE_URL is set (lib/db/postgres/migrations), else each SQLite file of DATA_DIR (their schemas in
// lib/app/sqlite-files.ts). A database newer than this code is refused untouched. The server does the same at start.
import fs from 'node:fs';
import path from 'node:path';
import { SQLITE_FILES } from '@/lib/app/sqlite-files';
import { loadConfig } from '@/lib/config/env';
import { describeUrl } from '@/lib/db/postgres/errors';
import { migrate, migrationNames, waitForDatabase } from '@/lib/db/postgres/migrate';
import { openAndMigrate } from '@/lib/db/sqlite/database';

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

async function migratePostgres(url: string, waitMs: number) {
  await waitForDatabase(url, waitMs);
  const ran = await migrate(url);
  say(`PostgreSQL ${describeUrl(url)}: ${ran.length ? `ran ${ran.join(', ')}` : 'up to date'} (latest ${migrationNames().pop()})`);
}

function migrateSqliteFiles(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  for (const { file, schema } of SQLITE_FILES) {
    const full = path.join(dataDir, file);
    const { db, ran } = openAndMigrate(full, schema);
    db.close();
    say(`SQLite ${full}: ${ran.length ? `ran ${ran.join(', ')}` : 'up to date'} (latest ${schema.migrations.length})`);
  }
}

async function main() {
  const config = loadConfig(process.env);
  if (config.database) await migratePostgres(config.database.url, config.database.waitMs);
  else migrateSqliteFiles(config.dataDir);
}

main().catch((err) => {
  process.stderr.write(`db:migrate: ${(err as Error).message}\n`);
  process.exit(1);
});
