import { execFile } from 'node:child_process';
import { NODE_WITH_TSX, ROOT } from '@/scripts/hardening/support/server-process';

/** Runs a command-line tool (`scripts/...ts`) as an operator would, with this environment; resolves with its output. */
export function runCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${args.join(' ')} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
  });
}
