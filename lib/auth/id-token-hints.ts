import 'server-only';
import { appConfig } from '@/lib/config/runtime';
import { lookupOrOpen } from '@/lib/core/registry';
import { databaseOptions, lazyPrimary } from '@/lib/db/postgres/database';
import { postgresIdTokenHints } from './session-records/postgres/id-token-hints';
import { openSqliteIdTokenHints } from './session-records/sqlite/id-token-hints';
import type { IdTokenHints } from './session-records/types';
import { explorerSessionsFile } from './sessions-file';

export type { IdTokenHints };
export { openSqliteIdTokenHints as openIdTokenHints };

/** One store per process, opened on first use: PostgreSQL when DATABASE_URL is set, else beside the ended sessions. */
export function idTokenHints(): IdTokenHints {
  return lookupOrOpen('auth.id-token-hints', () => {
    const { database } = appConfig();
    if (!database) return openSqliteIdTokenHints(explorerSessionsFile());
    const primary = lazyPrimary(databaseOptions(database));
    return postgresIdTokenHints(primary.db, primary.close);
  });
}
