// The resident memory of a process and everything it runs (an import and its osmium pipeline), sampled from /proc
// (Linux): the peak of their sum, which no one process's own peak shows.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';

export interface TreeMemory {
  /** The largest sum seen of the tree's resident memory, in MiB: anonymous, and file pages mapped (an mmap'd index). */
  peakMiB: number;
  peakAnonMiB: number;
  /** Each command's largest resident memory seen, in MiB (`node`, `osmium`). */
  byCommand: Record<string, number>;
}

function statusOf(pid: number): { ppid: number; name: string; anonKb: number; rssKb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { ppid: kb('PPid'), name: /Name:\s+(\S+)/.exec(status)?.[1] ?? '?', anonKb: kb('RssAnon'), rssKb: kb('VmRSS') };
  } catch {
    return null; // ended meanwhile
  }
}

/** Samples the tree under `root` every `everyMs` until stopped. */
export function sampleTreeMemory(root: number, everyMs = 100): { stop(): TreeMemory } {
  const peak: TreeMemory = { peakMiB: 0, peakAnonMiB: 0, byCommand: {} };
  const sample = () => {
    const all = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number);
    const statuses = new Map(all.map((pid) => [pid, statusOf(pid)] as const));
    const inTree = (pid: number): boolean => {
      for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
        if (at === root) return true;
        at = statuses.get(at)?.ppid ?? 0;
      }
      return false;
    };
    let rss = 0;
    let anon = 0;
    for (const [pid, status] of statuses) {
      if (!status || !inTree(pid)) continue;
      rss += status.rssKb;
      anon += status.anonKb;
      peak.byCommand[status.name] = Math.max(peak.byCommand[status.name] ?? 0, Math.round(status.rssKb / 1024));
    }
    peak.peakMiB = Math.max(peak.peakMiB, Math.round(rss / 1024));
    peak.peakAnonMiB = Math.max(peak.peakAnonMiB, Math.round(anon / 1024));
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Runs a command to its end with its tree's memory sampled: its exit code, its last line of output (a run's JSON report) and the peak. */
export async function runSampled(command: string, args: string[], cwd: string): Promise<{ code: number | null; lastLine: string; memory: TreeMemory }> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const sampler = sampleTreeMemory(child.pid!);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, lastLine: out.trim().split('\n').pop() ?? '', memory: sampler.stop() };
}
