import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const madeDirs: string[] = [];

/**
 * Removes the data directories made so far: after each test file (tests/support/clean-temp-dirs.ts), not when a
 * server closes, as a test may start a server again on the same directory. Each seeded one is about 13 MB, and a run
 * makes hundreds.
 */
export function removeTempDataDirs() {
  for (const dir of madeDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A fresh data directory under the system's temporary directory (see removeTempDataDirs). */
export function tempDataDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `trip-explorer-${label}-`));
  madeDirs.push(dir);
  return dir;
}
