/** Count-table keys, the same on every engine: all places, RV providers, one per tag bit, one per chain code. */
export const COUNT_ALL = 0;
export const COUNT_RV = 1;
export const countKeyForTag = (bit: number) => 100 + bit;
export const countKeyForChain = (code: number) => 1000 + code;
/** The same keys on the fine grid. */
export const FINE_KEY = 100_000;
