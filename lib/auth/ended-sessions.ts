import 'server-only';
import { appConfig } from '@/lib/config/runtime';
import { lookupOrOpen } from '@/lib/core/registry';
import { databaseOptions, lazyPrimary } from '@/lib/db/postgres/database';
import { postgresEndedSessions } from './session-records/postgres/ended-sessions';
import { openSqliteEndedSessions } from './session-records/sqlite/ended-sessions';
import type { EndedSessions } from './session-records/types';
import { explorerSessionsFile } from './sessions-file';

export type { EndedSessions };
export { openSqliteEndedSessions as openEndedSessions };

/**
 * One store per process (route handlers live in several bundles), opened on first use: PostgreSQL (the
 * process's shared door to it) when DATABASE_URL is set (every instance sees a logout), else the SQLite file under DATA_DIR.
 */
export function endedSessions(): EndedSessions {
  return lookupOrOpen('auth.ended-sessions', () => {
    const { database } = appConfig();
    if (!database) return openSqliteEndedSessions(explorerSessionsFile());
    const primary = lazyPrimary(databaseOptions(database));
    return postgresEndedSessions(primary.db, primary.close);
  });
}
