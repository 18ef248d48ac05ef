type Column = Float64Array | Uint32Array | Int32Array | Uint8Array;

/**
 * Typed columns that grow to twice their length a little at a time: a copy of a hundred million rows at once held the
 * thread over 600 ms. Once three quarters are in use the longer columns are made, and each `step` copies four rows for
 * each row that came into use since the last (in chunks), so the copy is done before the current columns are full and
 * no step copies much more than its own work. The owner keeps writing its current columns, and writes a row again into
 * the new ones when it is one already copied. When the current columns are full, `finish` copies what is left and
 * hands the new ones over.
 */
export class SteppedGrowth<C extends { [K in keyof C]: Column }> {
  private next: C | null = null;
  private copied = 0;
  private lastUsed = 0;
  private allowance = 0;

  /** `current`: the owner's columns as they are now. */
  constructor(
    private readonly chunk: number,
    private readonly current: () => C,
    private length: number,
  ) {}

  /** Call as rows come into use (the first `used` rows are); starts the longer columns at three quarters. */
  step(used: number): void {
    if (!this.next) {
      if (used < this.length * 0.75) return;
      this.next = resized(this.current(), this.longer());
      this.copied = 0;
      this.allowance = 0;
    } else this.allowance = Math.min(this.allowance + 4 * (used - this.lastUsed), 4 * this.chunk);
    this.lastUsed = used;
    if (this.allowance < this.chunk) return;
    const end = Math.min(used, this.copied + this.allowance);
    this.allowance -= end - this.copied;
    this.copyUpTo(end);
  }

  /** Whether row `i` was copied already, so a change to it must be written into `nextColumns()` as well. */
  copiedAlready(i: number): boolean {
    return this.next !== null && i < this.copied;
  }

  nextColumns(): C {
    return this.next!;
  }

  /** The longer columns, with the first `used` rows in them; at least `needed` long. */
  finish(used: number, needed: number): C {
    if (!this.next || this.longer() < needed) {
      this.next = resized(this.current(), Math.max(needed, this.longer()));
      this.copied = 0;
    }
    this.copyUpTo(used);
    const next = this.next;
    this.next = null;
    this.length = Math.max(needed, this.longer());
    return next;
  }

  private longer(): number {
    return Math.max(2 * this.length, 4);
  }

  private copyUpTo(end: number) {
    if (end <= this.copied) return;
    const current = this.current();
    for (const key of Object.keys(current) as (keyof C)[]) this.next![key].set(current[key].subarray(this.copied, end), this.copied);
    this.copied = end;
  }
}

function resized<C extends { [K in keyof C]: Column }>(columns: C, length: number): C {
  const into = {} as Record<string, Column>;
  for (const [key, column] of Object.entries(columns) as [string, Column][]) into[key] = new (column.constructor as new (length: number) => Column)(length);
  return into as C;
}
