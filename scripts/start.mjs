// `npm start`: build the production bundle when it is missing or older than the sources, then serve the demo.
// `--demo` is only the default: DEMO=false in the environment wins (server.ts), and then real secrets are required.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const buildId = path.join(root, '.next', 'BUILD_ID');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const sources = ['app', 'components', 'lib', 'scripts', 'package-lock.json', 'next.config.mjs'].map((p) => path.join(root, p));
const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newestMtime(s) > builtAt)) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server.ts', '--demo'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
