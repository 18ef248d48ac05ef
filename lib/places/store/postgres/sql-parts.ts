/** Positional parameters, typed where they are used. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /** A copy, to add more to without changing this one. */
  fork(): Params {
    const p = new Params();
    p.values.push(...this.values);
    return p;
  }
}

/** The cell ranges as rows `r(a, b)` that a LATERAL range scan joins on. */
export function rangesSql(p: Params, ranges: [number, number][]): string {
  return `unnest(${p.add(ranges.map((r) => r[0]), 'int[]')}, ${p.add(ranges.map((r) => r[1]), 'int[]')}) AS r(a, b)`;
}
