import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readLinesSync } from '@/lib/core/read-lines';

const CHUNK = 1 << 20;

/** Lines appended to a file a megabyte at a time: one part of a spool, written by one reader. */
export class SpoolWriter {
  private readonly fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private count = 0;

  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }

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

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

const SPOOL_PREFIX = 'places-spool-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The spools of imports no longer running on this host (stopped by Ctrl-C, or killed), removed when the next import
 * starts: an import of a country stopped midway leaves gigabytes there, and a signal cannot be acted on while SQLite
 * writes synchronously. A spool's name holds its host and process id.
 */
function removeAbandonedSpools(): void {
  const tmp = os.tmpdir();
  const host = `${SPOOL_PREFIX}${os.hostname()}-`;
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(host)) continue;
    const pid = Number(/^(\d+)-[^-]+$/.exec(name.slice(host.length))?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
}

/**
 * Lines kept in temporary files between reading an extract and writing the store, and read back in order,
 * synchronously (the SQLite writer's transaction is synchronous): an import keeps its drafts on disk, not in memory.
 * Each reader writes a part of its own; the lines come back part after part.
 */
export class LineSpool {
  readonly dir: string;
  private parts = 0;

  constructor() {
    removeAbandonedSpools();
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), `${SPOOL_PREFIX}${os.hostname()}-${process.pid}-`));
  }

  /** The file of the next part, for its reader to write. */
  nextPart(): string {
    return path.join(this.dir, `part-${this.parts++}`);
  }

  /** Every line of every part, with its index across the parts, once the readers are done. */
  *lines(): Generator<[number, string]> {
    let index = 0;
    for (let part = 0; part < this.parts; part++) {
      for (const line of readLinesSync(path.join(this.dir, `part-${part}`))) yield [index++, line];
    }
  }

  close(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
