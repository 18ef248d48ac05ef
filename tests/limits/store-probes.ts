import type { LimitEngine } from '@/lib/limits/types';

/**
 * `engine`, counting the consumes that reach its store, by rule: how the tests of a lost store see which operations
 * tried the store (and so could wait on it) and which the per-instance memory answered at once.
 */
export function countingStoreConsumes(engine: LimitEngine): { engine: LimitEngine; consumes: (ruleName: string) => number } {
  const counts = new Map<string, number>();
  return {
    engine: {
      ...engine,
      limiter(rule) {
        const limiter = engine.limiter(rule);
        const consume = limiter.consume.bind(limiter);
        limiter.consume = (...args: Parameters<typeof consume>) => {
          counts.set(rule.name, (counts.get(rule.name) ?? 0) + 1);
          return consume(...args);
        };
        return limiter;
      },
    },
    // The store limiter's rule name carries its numbers (`lost-3-60`): counted by the rule's own name.
    consumes: (ruleName) => [...counts].filter(([name]) => name.startsWith(`${ruleName}-`)).reduce((sum, [, n]) => sum + n, 0),
  };
}
