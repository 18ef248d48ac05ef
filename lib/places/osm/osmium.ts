import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { type OsmiumNeeds, osmiumFailureSentence } from '@/lib/core/osmium-exit';

export class OsmExtractError extends Error {}

const PLACES_IMPORT_NEEDS: OsmiumNeeds = {
  importName: 'the places import',
  memory: "it needs about 700 MiB free whatever the extract's size (it fetches the nodes of areas in slices of the id range; their locations go to disk)",
  disk: "it keeps the extract's tagged objects, their nodes' locations and its places there while it runs",
};

/**
 * Why osmium stopped reading `file`, in one sentence; running out of memory (its own message, or killed by the kernel)
 * or of disk says what the extract needs, as measured with `npm run bench:import`.
 */
export function osmiumFailure(file: string, code: number | null, signal: NodeJS.Signals | null, stderr: string): OsmExtractError {
  return new OsmExtractError(osmiumFailureSentence(file, code, signal, stderr, PLACES_IMPORT_NEEDS));
}

function spawnOsmium(args: string[]) {
  return spawn('osmium', [...args, '--no-progress'], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * One osmium step reading `file` (the extract, named in its errors). `missingIsFine`: `getid`'s exit 1 without a
 * message says some ids were not in the file (a way cut at the extract's edge), which is no failure.
 */
function finished(child: ReturnType<typeof spawnOsmium>, file: string, missingIsFine: boolean): Promise<void> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new OsmExtractError("reading OpenStreetMap files needs osmium-tool: run 'sudo apt-get install osmium-tool' and try again") : err),
    );
    child.on('close', (code, signal) => {
      if (code === 0 || (missingIsFine && code === 1 && stderr.trim() === '')) resolve();
      else reject(osmiumFailure(file, code, signal, stderr));
    });
  });
}

export function runOsmium(file: string, args: string[], { missingIsFine = false } = {}): Promise<void> {
  const child = spawnOsmium(args);
  child.stdout.resume();
  return finished(child, file, missingIsFine);
}

/** The lines osmium writes to its standard output (`-o -`), as they come. */
export async function* osmiumLines(file: string, args: string[]): AsyncIterable<string> {
  const child = spawnOsmium([...args, '-o', '-']);
  const done = finished(child, file, false);
  // Kept for the await below; a missing osmium rejects before any line arrives.
  done.catch(() => {});
  try {
    yield* readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
    await done;
  } finally {
    child.kill();
  }
}
