import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoadImportError } from './types';

/** Directories made and not yet removed: removed when the process exits, so an import stopped midway leaves none. */
const made = new Set<string>();

/** A directory of the import's own in the temporary directory (TMPDIR), or one sentence saying why there is none. */
export function importTempDir(prefix: string): string {
  let dir: string;
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  } catch (err) {
    throw new RoadImportError(`the road import could not make its temporary files in ${os.tmpdir()} (set TMPDIR to another directory): ${(err as Error).message}`);
  }
  if (!made.size) process.once('exit', removeAll);
  made.add(dir);
  return dir;
}

export function removeImportTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
  if (!made.size) process.removeListener('exit', removeAll);
}

function removeAll(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** Writes all of `bytes` from `data`; a full disk says where the import writes and how to move it. */
export function writeAll(file: number, data: NodeJS.ArrayBufferView, bytes: number): void {
  try {
    for (let done = 0; done < bytes; ) done += fs.writeSync(file, data, done, bytes - done);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    throw new RoadImportError(`the road import ran out of disk space in ${os.tmpdir()}: set TMPDIR to a disk with room (${(err as Error).message})`);
  }
}
