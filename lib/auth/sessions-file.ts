import 'server-only';
import path from 'node:path';

/** The Explorer's own session records (ended sessions, ID token hints), in one SQLite file under DATA_DIR. */
export function explorerSessionsFile(): string {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set: the custom server sets it before the app starts');
  return path.join(dataDir, 'explorer-sessions.sqlite');
}
