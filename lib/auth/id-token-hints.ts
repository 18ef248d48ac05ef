import 'server-only';
import { lookupOrOpen } from '@/lib/core/registry';
import { sessionRecordsPool } from './session-records/postgres/pool';
import { postgresIdTokenHints } from './session-records/postgres/id-token-hints';
import { openSqliteIdTokenHints } from './session-records/sqlite/id-token-hints';
import type { IdTokenHints } from './session-records/types';
import { explorerSessionsFile } from './sessions-file';

export type { IdTokenHints };
export { openSqliteIdTokenHints as openIdTokenHints };

/** One store per process, opened on first use: PostgreSQL when DATABASE_URL is set, else beside the ended sessions. */
export function idTokenHints(): IdTokenHints {
  return lookupOrOpen('auth.id-token-hints', () => {
    const url = process.env.DATABASE_URL;
    if (!url) return openSqliteIdTokenHints(explorerSessionsFile());
    const pool = sessionRecordsPool(url);
    return postgresIdTokenHints(pool, () => pool.end());
  });
}
