// `npm start`: build the production bundle when it is missing or older than the sources, then serve the demo.
// `--demo` is only the default: DEMO=false in the environment wins (server.ts), and then real secrets are required.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, ROOT } from './build-if-stale.mjs';

buildIfStale();

const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server.ts', '--demo'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
