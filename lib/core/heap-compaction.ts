import v8 from 'node:v8';

/** How many places are written between two readings of the process's memory. */
const CHECK_EVERY = 10_000;

interface HeapCompactionOptions {
  every?: number;
  residentBytes?: () => number;
  compact?: () => void;
}

/**
 * For a process that does nothing but an import: while it writes, V8 lets its heap grow to four or five times what is
 * live (the garbage each place's columns and JSON leave), which took a 4.4-million-place import to 1,021 MiB against
 * 864 with the heap kept small. Keeping it small (`--optimize-for-size`, which V8 reads as it sizes the heap after each
 * collection) costs time: a third of PostgreSQL's writing, whose batches live across round trips. So it is asked for
 * only once the process's resident memory passes `thresholdMiB` (docs/osm-import.md), and never without one.
 */
export class HeapCompaction {
  private sinceCheck = 0;
  private compacted = false;
  private readonly every: number;
  private readonly residentBytes: () => number;
  private readonly compact: () => void;

  constructor(
    private readonly thresholdMiB: number | null,
    options: HeapCompactionOptions = {},
  ) {
    this.every = options.every ?? CHECK_EVERY;
    this.residentBytes = options.residentBytes ?? (() => process.memoryUsage.rss());
    this.compact = options.compact ?? (() => v8.setFlagsFromString('--optimize-for-size'));
  }

  placeWritten(): void {
    if (this.thresholdMiB === null || this.compacted || ++this.sinceCheck < this.every) return;
    this.sinceCheck = 0;
    if (this.residentBytes() > this.thresholdMiB * 2 ** 20) {
      this.compacted = true;
      this.compact();
    }
  }
}
