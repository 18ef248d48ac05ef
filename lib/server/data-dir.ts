import fs from 'node:fs';
import path from 'node:path';

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
      fs.mkdirSync(root, { recursive: true });
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
