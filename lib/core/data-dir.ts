import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export class DataDirError extends Error {}

export interface DataDir {
  root: string;
  /** True when this start found the directory missing or empty and will seed it. */
  firstStart: boolean;
  file(name: string): string;
}

/** Creates the data directory when missing and proves it is writable before anything opens a store in it. */
export function openDataDir(root: string): DataDir {
  let firstStart = false;
  try {
    if (!fs.existsSync(root)) {
      // Only the directory itself: a missing parent is more likely an unmounted volume than a wish for new folders.
      const parent = path.dirname(root);
      if (!fs.existsSync(parent)) throw new DataDirError(`DATA_DIR ${root} cannot be created: its parent ${parent} does not exist`);
      fs.mkdirSync(root);
      firstStart = true;
    } else {
      if (!fs.statSync(root).isDirectory()) throw new DataDirError(`DATA_DIR ${root} is not a directory`);
      firstStart = fs.readdirSync(root).length === 0;
    }
    fs.accessSync(root, fs.constants.R_OK | fs.constants.W_OK);
  } catch (err) {
    if (err instanceof DataDirError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new DataDirError(`DATA_DIR ${root} is not usable (${code}): it must be a writable directory`);
  }
  return { root, firstStart, file: (name) => path.join(root, name) };
}

/** Opens every SQLite store of the directory read-only once, so a damaged file is named at start-up, not mid-request. */
export function checkSqliteStores(dataDir: DataDir): void {
  for (const name of fs.readdirSync(dataDir.root).filter((n) => n.endsWith('.sqlite'))) {
    const file = dataDir.file(name);
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        db.prepare('SELECT count(*) FROM sqlite_master').get();
      } finally {
        db.close();
      }
    } catch (err) {
      throw new DataDirError(
        `${file} is not a usable SQLite database (${(err as Error).message}): restore it from a backup, or remove it to recreate that store`,
      );
    }
  }
}

/** Writes a file so that a crash leaves either the old or the new content, never half of it. */
export function writeFileAtomic(file: string, content: string, mode = 0o600) {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w', mode);
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}
