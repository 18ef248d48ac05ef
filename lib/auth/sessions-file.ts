import 'server-only';
import path from 'node:path';
import { appConfig } from '@/lib/config/runtime';
import { EXPLORER_SESSIONS_FILE } from './session-records/sqlite/schema';

/** The Explorer's own session records (ended sessions, ID token hints), in one SQLite file under DATA_DIR. */
export function explorerSessionsFile(): string {
  return path.join(appConfig().dataDir, EXPLORER_SESSIONS_FILE);
}
