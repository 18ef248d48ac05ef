import type { OsmFeature } from './extract';
import { DigestList } from './digests';
import { type CandidateColumns, CandidateList } from '../store/candidate-list';
import type { HoursOutcome } from './opening-hours';
import { placeFromOsm, type SkipReason } from './place-record';
import { RegionLocator } from './regions';
import { SpoolWriter } from './spool';

/** What reading a part of an extract yields: its places' drafts in its spool file, and beside them, in the same order, each one's digest and what its id is matched by. */
export interface PartReading {
  objects: number;
  candidates: CandidateColumns;
  /** 20 bytes a draft (DigestList). */
  digests: Uint8Array;
  skipped: Partial<Record<SkipReason, number>>;
  hours: Partial<Record<HoursOutcome, number>>;
}

const bump = <K extends string>(counts: Partial<Record<K, number>>, key: K) => (counts[key] = (counts[key] ?? 0) + 1);

/** Makes places of objects, one after another, into one part of the spool. */
export class PartReader {
  private readonly locator = new RegionLocator();
  private readonly spool: SpoolWriter;
  private readonly digests = new DigestList();
  private readonly candidates = new CandidateList();
  private readonly reading: Omit<PartReading, 'digests' | 'candidates'> = { objects: 0, skipped: {}, hours: {} };

  constructor(
    spoolFile: string,
    private readonly today: string,
  ) {
    this.spool = new SpoolWriter(spoolFile);
  }

  get objects(): number {
    return this.reading.objects;
  }

  /** An object counted but not read (read-worker.ts: one too large to map). */
  skip(reason: SkipReason): void {
    this.reading.objects++;
    bump(this.reading.skipped, reason);
  }

  add(feature: OsmFeature): void {
    this.reading.objects++;
    const result = placeFromOsm(feature, this.locator, this.today);
    if (!result.ok) {
      bump(this.reading.skipped, result.reason);
      return;
    }
    bump(this.reading.hours, result.hours);
    const line = JSON.stringify(result.draft);
    this.spool.push(line);
    this.digests.push(line);
    this.candidates.push({ key: result.key, kind: result.kind, nameKey: result.nameKey, lon: result.lon, lat: result.lat });
  }

  finish(): PartReading {
    this.spool.close();
    return { ...this.reading, candidates: this.candidates.columns(), digests: this.digests.filled() };
  }
}
