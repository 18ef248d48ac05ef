// A worker thread's entry (read-parallel.ts): reads one byte range of osmium's export into a part of the spool, and
// posts its progress and then its reading.
import { parentPort, workerData } from 'node:worker_threads';
import { readLinesSync } from '@/lib/core/read-lines';
import { featureOfLine } from './extract';
import { PartReader } from './read-part';

export interface ReadWorkerData {
  exported: string;
  start: number;
  end: number;
  spoolFile: string;
  today: string;
  /** An object's line longer than this many bytes is skipped, not decoded: mapping it would take the reader past its heap. */
  maxObjectBytes: number;
}

export type ReadWorkerMessage = { progress: number } | { done: import('./read-part').PartReading };

const PROGRESS_EVERY = 10_000;
const job = workerData as ReadWorkerData;
const reader = new PartReader(job.spoolFile, job.today);
for (const line of readLinesSync(job.exported, { start: job.start, end: job.end, maxLineBytes: job.maxObjectBytes })) {
  if (typeof line !== 'string') {
    reader.skip('too large to map');
    continue;
  }
  const feature = line ? featureOfLine(line) : null;
  if (!feature) continue;
  reader.add(feature);
  if (reader.objects % PROGRESS_EVERY === 0) parentPort!.postMessage({ progress: PROGRESS_EVERY } satisfies ReadWorkerMessage);
}
const done = reader.finish();
const { candidates } = done;
const buffers = [done.digests, candidates.keys, candidates.kindCodes, candidates.lons, candidates.lats, candidates.names.bytes, candidates.names.ends];
parentPort!.postMessage({ done } satisfies ReadWorkerMessage, buffers.map((array) => array.buffer as ArrayBuffer));
