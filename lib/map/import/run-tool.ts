import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { MapImportError } from './errors';

export interface ToolRun {
  code: number;
  stderr: string;
}

/** Debian packages that hold the tools the map import runs. */
const PACKAGES: Record<string, string> = { osmium: 'osmium-tool', tilemaker: 'tilemaker' };

/**
 * Runs one of the import's tools to its end. Its standard output goes to `stdoutFile` (or nowhere); the last of its
 * error output is kept to say what went wrong. A missing tool is said with the package that has it.
 */
export function runTool(command: string, args: string[], options: { stdoutFile?: string } = {}): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const out = options.stdoutFile ? fs.openSync(options.stdoutFile, 'w') : 'ignore';
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, args, { stdio: ['ignore', out, 'pipe'] });
    } finally {
      // The child has its own copy of the file; the parent's is closed once, whatever the spawn did.
      if (typeof out === 'number') fs.closeSync(out);
    }
    let stderr = '';
    const keep = (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8192);
    };
    child.stderr!.on('data', keep);
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new MapImportError(`making the map needs ${command}: run 'sudo apt-get install ${PACKAGES[command] ?? command}' and try again`)
          : err,
      );
    });
    child.on('close', (code, signal) => {
      resolve({ code: code ?? (signal ? 128 : 1), stderr });
    });
  });
}

/** The last line a tool wrote to its error output that says something. */
export function lastLine(stderr: string): string {
  const lines = stderr.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  return lines.pop() ?? '';
}
