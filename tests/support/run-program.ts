import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ProgramResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to its end without holding the test's thread: `spawnSync` of a server's start-up held it for up to
 * 20 s here, and a loaded machine stretches that past the 60 s vitest gives a worker to answer its main process.
 * `timeout` ends the program with SIGKILL (its status is then null).
 */
export function runProgram(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeout?: number } = {}): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = options.timeout ? setTimeout(() => child.kill('SIGKILL'), options.timeout) : null;
    child.on('error', reject);
    child.on('close', (status) => {
      if (timer) clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** `server.ts` under tsx, as `npm start` runs it, with `env` over the test's environment. */
export function runServerScript(env: Record<string, string>, timeout = 120_000): Promise<ProgramResult> {
  return runProgram(path.resolve('node_modules/.bin/tsx'), ['server.ts'], { env: { ...process.env, ...env }, timeout });
}
