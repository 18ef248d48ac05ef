import 'server-only';
import { lookupOrOpen } from '@/lib/core/registry';
import { postgresEndedSessions } from './session-records/postgres/ended-sessions';
import { sessionRecordsPool } from './session-records/postgres/pool';
import { openSqliteEndedSessions } from './session-records/sqlite/ended-sessions';
import type { EndedSessions } from './session-records/types';
import { explorerSessionsFile } from './sessions-file';

export type { EndedSessions };
export { openSqliteEndedSessions as openEndedSessions };

/**
 * One store per process (route handlers live in several bundles), opened on first use: PostgreSQL when
 * DATABASE_URL is set (every instance sees a logout), else the SQLite file under DATA_DIR.
 */
export function endedSessions(): EndedSessions {
  return lookupOrOpen('auth.ended-sessions', () => {
    const url = process.env.DATABASE_URL;
    if (!url) return openSqliteEndedSessions(explorerSessionsFile());
    const pool = sessionRecordsPool(url);
    return postgresEndedSessions(pool, () => pool.end());
  });
}
