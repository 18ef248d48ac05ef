/**
 * Long work on the server's thread written once as a generator that yields between small steps, then run either at
 * once (`runSteps`: tests, command-line tools) or in turns (`runStepsInTurns`: a serving process, whose event loop
 * gets a turn whenever `Turns.due()` says the work has held it long enough).
 */
export type Steps<T> = Generator<void, T>;

/** How work run by a server shares its thread. */
export interface Turns {
  /** Whether the work has held the thread long enough that the event loop should have a turn. */
  due(): boolean;
  /** The event loop's turn; false when the work is no longer wanted (the server closing, another network). */
  give(): Promise<boolean>;
}

/** Runs the steps to their end without a break. */
export function runSteps<T>(steps: Steps<T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Runs the steps, giving the event loop a turn whenever one is due; null when the work was called off. */
export async function runStepsInTurns<T>(steps: Steps<T>, turns: Turns): Promise<T | null> {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (turns.due() && !(await turns.give())) {
      steps.return(undefined as T);
      return null;
    }
  }
}

/** Turns of at most `sliceMs` of work each (by `now`, a clock in milliseconds); `wanted` is asked at each turn. */
export function turnsOf(sliceMs: number, wanted: () => Promise<boolean>, now: () => number = () => performance.now()): Turns {
  let sliceStarted = now();
  return {
    due: () => now() - sliceStarted >= sliceMs,
    give: async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const stillWanted = await wanted();
      sliceStarted = now();
      return stillWanted;
    },
  };
}

/** How many items (nodes, arcs, edges) a step of a long loop over typed arrays handles between two yields. */
export const STEP_ITEMS = 1 << 14;

/** Fills the array with `value`, STEP_ITEMS at a time. */
export function* fillInSteps(array: Float64Array | Uint32Array | Int32Array, value: number): Steps<void> {
  for (let at = 0; at < array.length; at += STEP_ITEMS) {
    array.fill(value, at, Math.min(array.length, at + STEP_ITEMS));
    yield;
  }
}
