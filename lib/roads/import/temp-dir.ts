import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoadImportError } from './types';

/** A directory of the import's own in the temporary directory (TMPDIR), or one sentence saying why there is none. */
export function importTempDir(prefix: string): string {
  try {
    return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  } catch (err) {
    throw new RoadImportError(`the road import could not make its temporary files in ${os.tmpdir()} (set TMPDIR to another directory): ${(err as Error).message}`);
  }
}
