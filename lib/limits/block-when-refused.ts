import type { LimitRule } from './types';

/**
 * A refused key of a fixed-window rule is remembered in the instance until its window ends, so a client over its
 * budget costs no more round trips to the shared store (rate-limiter-flexible's inMemoryBlockOnConsumed).
 */
export const blockWhenRefused = (rule: LimitRule) => (rule.sliding ? {} : { inMemoryBlockOnConsumed: rule.points + 1 });
