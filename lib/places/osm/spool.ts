import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readLinesSync } from '@/lib/core/read-lines';

const CHUNK = 1 << 20;

/**
 * Lines written to a temporary file and read back in order, synchronously (the SQLite writer's transaction is
 * synchronous): an import keeps its drafts on disk between reading the extract and writing the store, not in memory.
 */
export class LineSpool {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'places-spool-'));
  private readonly file = path.join(this.dir, 'lines');
  private readonly fd = fs.openSync(this.file, 'w');
  private pending: string[] = [];
  private pendingBytes = 0;
  private count = 0;

  push(line: string): void {
    this.pending.push(line, '\n');
    this.pendingBytes += line.length + 1;
    this.count++;
    if (this.pendingBytes >= CHUNK) this.flush();
  }

  get length(): number {
    return this.count;
  }

  private flush(): void {
    if (!this.pending.length) return;
    fs.writeSync(this.fd, this.pending.join(''));
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Every line pushed, with its index, once writing is over. */
  *lines(): Generator<[number, string]> {
    this.flush();
    let index = 0;
    for (const line of readLinesSync(this.file)) yield [index++, line];
  }

  close(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
