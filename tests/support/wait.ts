// Waiting in tests without depending on the machine's speed (issue 39): CI runs the suite on a shared, often loaded
// machine, so a test waits for the event itself, with a bound only something that never happens would reach, and
// never asserts how long it took (wall-clock figures belong in the benchmarks, bench/).

/** How long a test waits for something that is bound to happen: long enough for any loaded machine. */
export const EVENTUALLY_MS = 60_000;

/**
 * Polls `check` every `intervalMs` until it holds; throws, naming `what`, if it still does not after `timeoutMs`
 * (EVENTUALLY_MS by default). A test that waits with it needs a test timeout above that bound.
 */
export async function waitUntil(
  what: string | (() => string),
  check: () => boolean | Promise<boolean>,
  { timeoutMs = EVENTUALLY_MS, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs / 1000} s for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Longer than any answer of a working server on any loaded machine: only a hang takes this long. */
export const HANG_MS = 30_000;

/** `work`'s answer, or an error naming `what` if it has not come after `ms` (HANG_MS): a hang, not a slow machine. */
export async function withoutHanging<T>(what: string, work: Promise<T>, ms = HANG_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} hung: no answer after ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A clock for code that takes a `now` function: it stands still until the test moves it. */
export function manualClock(start = Date.UTC(2026, 0, 15, 12)) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

/**
 * Lets timers and I/O run. A loop of awaits on answers that come from memory never leaves the microtask queue, so it
 * holds the thread: vitest's worker then misses its own RPC replies and fails the run after 60 s.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
