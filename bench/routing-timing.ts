import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { LonLat } from '@/lib/roads/edge';
import type { RouteAnswer } from '@/lib/roads/router/types';

export const MiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** What the process holds after a full collection (package.json runs the bench with --expose-gc): no garbage counted. */
export function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsed, arrayBuffers };
}

/** The longest garbage collection while `run` runs (ms): tells the collector's pauses from the code's own holds. */
export async function longestCollection<T>(run: () => Promise<T>): Promise<{ result: T; longestGcMs: number }> {
  let longest = 0;
  const note = (entries: PerformanceEntry[]) => entries.forEach((e) => (longest = Math.max(longest, e.duration)));
  const observer = new PerformanceObserver((list) => note(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  try {
    const result = await run();
    note(observer.takeRecords());
    return { result, longestGcMs: longest };
  } finally {
    observer.disconnect();
  }
}

/** What `run` answered, its time, and meanwhile the event loop's longest hold and the longest garbage collection (ms). */
export async function watched<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number; heldMs: number; longestGcMs: number }> {
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = performance.now();
  try {
    const { result, longestGcMs } = await longestCollection(run);
    return { result, longestGcMs, seconds: (performance.now() - started) / 1000, heldMs: stalls.max / 1e6 };
  } finally {
    stalls.disable();
  }
}

export interface Row {
  name: string;
  times: number[];
  note: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => (n < 0.1 ? n.toFixed(4) : n.toFixed(2)).padStart(9);

export function table(rows: Row[]): string {
  const head = `${'engine'.padEnd(44)} ${'routes/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'p99 ms'.padStart(9)}  note`;
  const lines = rows.map(({ name, times, note }) => {
    const sorted = [...times].sort((a, b) => a - b);
    const total = times.reduce((s, t) => s + t, 0);
    return `${name.padEnd(44)} ${String(Math.round((times.length * 1000) / total)).padStart(9)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))} ${ms(percentile(sorted, 99))}  ${note}`;
  });
  return [head, ...lines].join('\n');
}

/** Runs each pair once (after `warmup` of them unmeasured), timing each. */
export async function timed<T>(pairs: [LonLat, LonLat][], warmup: number, run: (from: LonLat, to: LonLat) => T | Promise<T>): Promise<{ times: number[]; answers: T[] }> {
  for (const [from, to] of pairs.slice(0, warmup)) await run(from, to);
  const times: number[] = [];
  const answers: T[] = [];
  for (const [from, to] of pairs) {
    const started = performance.now();
    answers.push(await run(from, to));
    times.push(performance.now() - started);
  }
  return { times, answers };
}

const cost = (a: RouteAnswer) => (a.kind === 'route' ? a.duration_s : a.kind === 'refused' ? a.ignoringRestrictions.duration_s : a.kind);

/** How many answers cost what the other engine's answers to the same pairs cost (to the microsecond). */
export function sameCosts(ours: RouteAnswer[], theirs: RouteAnswer[]): number {
  return ours.filter((a, i) => {
    const [x, y] = [cost(a), cost(theirs[i])];
    return typeof x === 'number' && typeof y === 'number' ? Math.abs(x - y) < 1e-6 : x === y;
  }).length;
}
