// CPU time read from /proc (Linux), for benches that say whether a target fits the machine's cores: a process's own
// threads, the children it has waited for, and a local PostgreSQL server's processes.
import fs from 'node:fs';
import path from 'node:path';

/** Linux's clock ticks per second for the times in /proc/<pid>/stat (USER_HZ: 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  ppid: number;
  /** This process's (or thread's) own user and system time, in seconds. */
  own: number;
  /** Its children's that have ended and been waited for (with theirs), in seconds. */
  endedChildren: number;
}

function timesOf(statFile: string): ProcessTimes | null {
  let stat: string;
  try {
    stat = fs.readFileSync(statFile, 'utf8');
  } catch {
    return null; // ended meanwhile
  }
  // The fields after the command's name, which may hold spaces and parentheses: state, ppid, ... utime (12th), stime,
  // cutime, cstime.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    ppid: Number(fields[1]),
    own: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    endedChildren: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  };
}

/** CPU seconds of this process's children that have ended and been waited for (an import run with spawnSync, its osmium). */
export function endedChildrenCpuSeconds(): number {
  return timesOf('/proc/self/stat')!.endedChildren;
}

/** CPU seconds this process's main thread has used (the thread that runs its JavaScript, not its workers). */
export function mainThreadCpuSeconds(): number {
  return timesOf(`/proc/self/task/${process.pid}/stat`)!.own;
}

/**
 * CPU seconds a local PostgreSQL server (its data directory) has used so far: its postmaster, the processes it runs now
 * and those that have ended (a backend's time goes to the postmaster when it ends).
 */
export function serverCpuSeconds(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const main = timesOf(`/proc/${postmaster}/stat`);
  if (!main) throw new Error(`the PostgreSQL server of ${dataDir} is not running`);
  let seconds = main.own + main.endedChildren;
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const times = timesOf(`/proc/${pid}/stat`);
    if (times?.ppid === postmaster) seconds += times.own;
  }
  return seconds;
}
