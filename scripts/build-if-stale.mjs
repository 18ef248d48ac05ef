// Builds the production bundle when it is missing or older than the sources (`npm start`, `npm run cluster`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Exits the process with the build's status when the build fails. */
export function buildIfStale() {
  const buildId = path.join(ROOT, '.next', 'BUILD_ID');
  const sources = ['app', 'components', 'lib', 'scripts', 'package-lock.json', 'next.config.mjs'].map((p) => path.join(ROOT, p));
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  if (builtAt !== 0 && !sources.some((s) => newestMtime(s) > builtAt)) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
