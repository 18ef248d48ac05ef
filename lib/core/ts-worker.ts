import { type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';

// Worker threads run JavaScript: the entry registers tsx (a dependency: the server and the command-line tools run on
// it) and requires the TypeScript entry. Inherited flags (vitest's, tsx's own) are left out: the worker is set up by
// this line. `--import tsx` in a worker's execArgv was not honoured, and tsx's ESM loader alone could not load a `.ts`
// entry of this CommonJS package.
const BOOT = "const { workerData } = require('node:worker_threads'); require(workerData.tsxApi).register(); require(workerData.entry);";

export interface TsWorkerOptions {
  resourceLimits?: ResourceLimits;
  /** Buffers in `workerData` handed to the worker rather than copied. */
  transferList?: Transferable[];
}

/** A worker thread running the TypeScript module `entry` (an absolute path), with `workerData` and `entry` beside it. */
export function startTsWorker(entry: string, workerData: object, options: TsWorkerOptions = {}): Worker {
  return new Worker(BOOT, { eval: true, execArgv: [], ...options, workerData: { ...workerData, tsxApi: require.resolve('tsx/cjs/api'), entry } });
}
