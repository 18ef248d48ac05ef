import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { type OsmiumNeeds, osmiumFailureSentence } from './osmium-exit';

const NOT_INSTALLED = "reading OpenStreetMap files needs osmium-tool: run 'sudo apt-get install osmium-tool' and try again";

/** Debian's osmium-tool as one import runs it; `file` is the extract each step reads, named in its errors. */
export interface OsmiumRunner {
  /** Why osmium stopped reading `file`, in one sentence, as the import's own error. */
  failure(file: string, code: number | null, signal: NodeJS.Signals | null, stderr: string): Error;
  /**
   * One step, to its end. `missingIsFine`: `getid`'s exit 1 without a message says some ids were not in the file (a
   * way cut at the extract's edge), which is no failure.
   */
  run(file: string, args: string[], options?: { missingIsFine?: boolean }): Promise<void>;
  /**
   * The lines a step writes to its standard output (`-o -`), as they come. A reader that stops early stops osmium,
   * which is no failure; osmium stopped by anything else is.
   */
  lines(file: string, args: string[]): AsyncIterable<string>;
}

/** The runner of one import: `needs` says what it needs when osmium runs short, `toError` makes its own errors. */
export function osmiumRunner(needs: OsmiumNeeds, toError: (message: string) => Error): OsmiumRunner {
  const failure = (file: string, code: number | null, signal: NodeJS.Signals | null, stderr: string) =>
    toError(osmiumFailureSentence(file, code, signal, stderr, needs));

  function finished(child: ReturnType<typeof spawnOsmium>, file: string, missingIsFine: boolean): Promise<void> {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve, reject) => {
      child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? toError(NOT_INSTALLED) : err));
      child.on('close', (code, signal) => {
        if (code === 0 || (missingIsFine && code === 1 && stderr.trim() === '')) resolve();
        else reject(failure(file, code, signal, stderr));
      });
    });
  }

  return {
    failure,
    run(file, args, { missingIsFine = false } = {}) {
      const child = spawnOsmium(args);
      child.stdout.resume();
      return finished(child, file, missingIsFine);
    },
    async *lines(file, args) {
      const child = spawnOsmium([...args, '-o', '-']);
      const done = finished(child, file, false);
      // Kept for the await below; a missing osmium rejects before any line arrives, and a reader that stops early
      // kills osmium in `finally`, whose rejection nobody awaits.
      done.catch(() => {});
      try {
        yield* readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
        await done;
      } finally {
        child.kill();
      }
    },
  };
}

function spawnOsmium(args: string[]) {
  return spawn('osmium', [...args, '--no-progress'], { stdio: ['ignore', 'pipe', 'pipe'] });
}
