import 'server-only';
import path from 'node:path';
import { appConfig } from '@/lib/config/runtime';

/** The Explorer's own session records (ended sessions, ID token hints), in one SQLite file under DATA_DIR. */
export function explorerSessionsFile(): string {
  return path.join(appConfig().dataDir, 'explorer-sessions.sqlite');
}
