import { HeapCompaction } from '@/lib/core/heap-compaction';
import { keepOwned, noneKept, type OwnedKept, type OwnedOverlay } from '../owned-overlay';
import type { PlaceRecord } from '../place-schema';
import type { SourceLedger } from '../store/source-ledger';
import type { PlaceStoreAdmin, SourceRow } from '../store/types';
import type { OsmFeature } from './extract';
import { DigestList } from './digests';
import { CandidateList } from '../store/candidate-list';
import { keepIds } from './keep-ids';
import type { HoursOutcome } from './opening-hours';
import type { PlaceDraft, SkipReason } from './place-record';
import { readExtractParts } from './read-parallel';
import { PartReader, type PartReading } from './read-part';
import { LineSpool } from './spool';

export interface OsmImportReport {
  added: number;
  changed: number;
  unchanged: number;
  /** Places whose objects left the map. */
  removed: number;
  /** Places that became part of another (their ids now in its `previous_ids`). */
  merged: number;
  /** Objects redrawn (a point become an area, a node replaced) that kept their place's id. */
  remapped: number;
  skipped: Partial<Record<SkipReason, number>>;
  hours: Partial<Record<HoursOutcome, number>>;
  /** Whether the import replaced generated demo places. */
  replacedGenerated: boolean;
  /** Places with an owner whose objects changed: the owner's fields were kept. */
  owned: OwnedKept;
}

/**
 * Where `places:import` and the bench start keeping the heap small while writing: 256 MiB under the issue's 1 GiB, the
 * most V8's heap grew above what it needed in the 4.4-million-place import (docs/osm-import.md).
 */
export const COMPACT_HEAP_ABOVE_MIB = 768;

export type ImportPhase = 'reading' | 'writing';

export interface OsmImportOptions {
  today: string;
  onProgress?: (phase: ImportPhase, done: number, total: number | null) => void;
  /** Each osmium step before the objects are read, as it starts: on a country's extract they take minutes. */
  onOsmiumStep?: (step: string) => void;
  /** The objects, when not read from a file (tests). */
  features?: AsyncIterable<OsmFeature>;
  /** The fields owners set, kept over the extract's (owned-overlay.ts). */
  owned?: OwnedOverlay;
  /** How many threads read the extract (read-parallel.ts); by default one per core, fewer for a small file. */
  readers?: number;
  /** The longest object's GeoJSON line read, in bytes (read-parallel.ts, MAX_OBJECT_BYTES); tests give a short one. */
  maxObjectBytes?: number;
  /**
   * For a process that does nothing but the import (`places:import`, the bench): once its resident memory passes this
   * many MiB while writing, V8 keeps its heap small (heap-compaction.ts). Not while reading: the reading threads took
   * twice as long with it.
   */
  compactHeapAboveMiB?: number;
}

const bump = <K extends string>(counts: Partial<Record<K, number>>, key: K, n = 1) => (counts[key] = (counts[key] ?? 0) + n);

/** What the reading of an extract keeps: each place's draft in the spool, and beside it, in the same order, its digest and what its id is matched by. */
interface ReadPlaces {
  candidates: CandidateList;
  draftDigests: DigestList;
}

/** The objects given (tests), read on this thread into one part of the spool. */
async function readFeatures(features: AsyncIterable<OsmFeature>, spool: LineSpool, options: OsmImportOptions): Promise<PartReading[]> {
  const reader = new PartReader(spool.nextPart(), options.today);
  for await (const feature of features) {
    reader.add(feature);
    if (reader.objects % 10_000 === 0) options.onProgress?.('reading', reader.objects, null);
  }
  return [reader.finish()];
}

/** Reads every object of the extract into the spool, on every core (read-parallel.ts). */
async function readPlaces(file: string, options: OsmImportOptions, spool: LineSpool, report: OsmImportReport): Promise<ReadPlaces> {
  let read = 0;
  const parts = options.features
    ? await readFeatures(options.features, spool, options)
    : await readExtractParts(file, spool, {
        today: options.today,
        readers: options.readers,
        maxObjectBytes: options.maxObjectBytes,
        onObjects: (n) => options.onProgress?.('reading', (read += n), null),
        onOsmiumStep: options.onOsmiumStep,
      });
  for (const part of parts) {
    for (const [reason, n] of Object.entries(part.skipped)) bump(report.skipped, reason as SkipReason, n);
    for (const [outcome, n] of Object.entries(part.hours)) bump(report.hours, outcome as HoursOutcome, n);
  }
  const objects = parts.reduce((n, part) => n + part.objects, 0);
  options.onProgress?.('reading', objects, objects);
  return {
    candidates: CandidateList.concat(parts.map((part) => CandidateList.fromColumns(part.candidates))),
    draftDigests: DigestList.concat(parts.map((part) => new DigestList(part.digests, part.candidates.keys.length))),
  };
}

/**
 * Each object's id (keep-ids.ts), and whether its place is written: new, changed, redrawn, or every one when the import
 * replaces generated places. `digests` holds each draft's on the way in, its place's on the way out (one list for an
 * import of millions, not two).
 */
function compareWithLedger(ledger: SourceLedger, candidates: CandidateList, digests: DigestList, replaceAll: boolean, report: OsmImportReport) {
  const assigned = keepIds(ledger, candidates);
  const write = new Uint8Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    // The status's date moves daily: the digest is of the object's record, its id and its previous ids.
    const digest = digests.hex(digests.set(i, `${digests.hex(i)}:${assigned.ids[i]}:${assigned.previousIds(i).join(',')}`));
    const origin = assigned.origin(i);
    if (origin === 'same' && ledger.digest(ledger.find(candidates.keyCode(i))) === digest) {
      report.unchanged++;
      if (!replaceAll) continue;
    } else if (origin === 'same') report.changed++;
    else if (origin === 'remapped') report.remapped++;
    else report.added++;
    write[i] = 1;
  }
  return { assigned, write, digests };
}

/**
 * Imports the places of an OpenStreetMap extract into a place store, all or nothing (docs/osm-import.md): reads every
 * object first (a bad file fails before anything is written), keeps ids by the ledger of the last import
 * (keep-ids.ts), then writes what changed, removes what left the map and replaces generated demo places.
 */
export async function importOsmPlaces(store: PlaceStoreAdmin, file: string, options: OsmImportOptions): Promise<OsmImportReport> {
  const spool = new LineSpool();
  const report: OsmImportReport = { added: 0, changed: 0, unchanged: 0, removed: 0, merged: 0, remapped: 0, skipped: {}, hours: {}, replacedGenerated: false, owned: noneKept() };
  try {
    const { candidates, draftDigests } = await readPlaces(file, options, spool, report);
    const replaceAll = (await store.generatedOn()) !== null;
    const { assigned, write, digests } = compareWithLedger(await store.placeSources(), candidates, draftDigests, replaceAll, report);
    function* sources(): Generator<SourceRow> {
      for (let i = 0; i < candidates.length; i++) {
        if (write[i]) yield { ...candidates.get(i), placeId: assigned.ids[i], digest: digests.hex(i), previousIds: [...assigned.previousIds(i)] };
      }
    }
    report.removed = assigned.removed.length;
    report.merged = assigned.merged.length;
    report.replacedGenerated = replaceAll;
    const total = write.reduce((n, w) => n + w, 0);
    const heap = new HeapCompaction(options.compactHeapAboveMiB ?? null);
    function* records(): Generator<{ place: PlaceRecord; replace: boolean }> {
      for (const [i, line] of spool.lines()) {
        if (!write[i]) continue;
        const draft = JSON.parse(line) as PlaceDraft;
        const place = { ...draft, id: assigned.ids[i], previous_ids: [...assigned.previousIds(i)] } as PlaceRecord;
        heap.placeWritten();
        // A new id has no place to replace, nor has any once the store was cleared of generated places.
        yield { place, replace: assigned.origin(i) !== 'new' && !replaceAll };
      }
    }
    await store.applyImport(
      { replaceAll, remove: [...assigned.removed, ...assigned.merged], records: keepOwned(records(), options.owned, report.owned), sources: sources(), sourceCount: total, forgetSources: assigned.goneKeys },
      { today: options.today, onProgress: (n) => options.onProgress?.('writing', n, total) },
    );
    return report;
  } finally {
    spool.close();
  }
}
