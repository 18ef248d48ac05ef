import os from 'node:os';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RoadStore } from '@/lib/roads/store/types';
import { MiB, memory, watched } from './routing-timing';

/**
 * A router's warm-up with `hierarchyFile`, timed and watched: its time, the event loop's longest hold and longest
 * collection, the memory it adds; `kept` waits for its graph to be kept beside the hierarchy's file. Without a
 * hierarchy (no contraction) unless `withKeptHierarchy`: then until the hierarchy kept there is read and answers.
 */
export async function timedWarm(store: RoadStore, hierarchyFile: string, withKeptHierarchy = false) {
  const before = memory();
  const router = new GraphRouter(store, { hierarchyFile, contract: withKeptHierarchy });
  const { seconds, heldMs, longestGcMs } = await watched(async () => {
    await router.warm();
    if (withKeptHierarchy && !(await router.hierarchyReady())) throw new Error('the kept hierarchy was not read: the log above says why');
  });
  const after = memory();
  const summary =
    `${seconds.toFixed(1)} s, event loop held ${heldMs.toFixed(0)} ms at most (longest collection ${longestGcMs.toFixed(0)} ms); ` +
    `heap +${MiB(after.heapUsed - before.heapUsed)}, array buffers +${MiB(after.arrayBuffers - before.arrayBuffers)}, ` +
    `${MiB(process.memoryUsage().rss)} resident, peak ${MiB(process.resourceUsage().maxRSS * 1024)}; load ${os.loadavg()[0].toFixed(1)}`;
  const kept = async () => {
    const waited = performance.now();
    await router.hierarchyReady();
    return performance.now() - waited;
  };
  return { router, summary, kept };
}
