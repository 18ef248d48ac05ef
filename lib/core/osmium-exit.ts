/** Why an osmium command stopped, from its exit and what it printed. */
export type OsmiumExit =
  /** Its own "Out of memory" (or a `bad_alloc`), or killed by the kernel's out-of-memory killer. */
  | { kind: 'memory' }
  | { kind: 'disk' }
  /** Anything else, in its last line of output (or the signal or exit code). */
  | { kind: 'other'; reason: string };

export function osmiumExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): OsmiumExit {
  if (signal === 'SIGKILL' || /out of memory|bad_alloc/i.test(stderr)) return { kind: 'memory' };
  if (/no space left/i.test(stderr)) return { kind: 'disk' };
  return { kind: 'other', reason: stderr.trim().split('\n').pop() || (signal ? `stopped by ${signal}` : `exit ${code}`) };
}
