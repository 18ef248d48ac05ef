import os from 'node:os';
import path from 'node:path';

/** Why an osmium command stopped, from its exit and what it printed. */
export type OsmiumExit =
  /**
   * Its own "Out of memory" (or a `bad_alloc`), a thread it could not start for want of memory ("Resource temporarily
   * unavailable"), or killed by the kernel's out-of-memory killer.
   */
  | { kind: 'memory' }
  | { kind: 'disk' }
  /** Anything else, in its last line of output (or the signal or exit code). */
  | { kind: 'other'; reason: string };

export function osmiumExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): OsmiumExit {
  if (signal === 'SIGKILL' || /out of memory|bad_alloc|resource temporarily unavailable/i.test(stderr)) return { kind: 'memory' };
  if (/no space left/i.test(stderr)) return { kind: 'disk' };
  return { kind: 'other', reason: stderr.trim().split('\n').pop() || (signal ? `stopped by ${signal}` : `exit ${code}`) };
}

/** What an import needs of memory and of disk, in its own words, for the sentence that says why osmium stopped. */
export interface OsmiumNeeds {
  /** `the road import` */
  importName: string;
  memory: string;
  disk: string;
}

/**
 * Why osmium stopped reading `file`, in one sentence: out of memory or disk, what the import needs; otherwise osmium's
 * own last line.
 */
export function osmiumFailureSentence(file: string, code: number | null, signal: NodeJS.Signals | null, stderr: string, needs: OsmiumNeeds): string {
  const name = path.basename(file);
  const exit = osmiumExit(code, signal, stderr);
  if (exit.kind === 'memory') return `osmium ran out of memory reading ${name}: ${needs.memory}; free that much and import it again`;
  if (exit.kind === 'disk') return `${needs.importName} ran out of disk space in ${os.tmpdir()} reading ${name}: ${needs.disk}; set TMPDIR to a disk with room`;
  return `osmium could not read ${name}: ${exit.reason}`;
}
