import { type LongLine, readLinesSync } from '@/lib/core/read-lines';
import { bitIndex, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from './catalog';
import { keepOwned, noneKept, type OwnedKept, type OwnedOverlay } from './owned-overlay';
import { type PlaceRecord, placeSchema } from './place-schema';
import { PlaceWriteError } from './store/place-columns';
import type { PlaceStoreAdmin } from './store/types';

export interface ImportResult {
  imported: number;
  errors: { line: number; message: string }[];
  /** Places with an owner: the owner's fields were kept (the import's differing ones counted by field). */
  owned: OwnedKept;
}

export interface ImportOptions {
  onProgress?: (written: number, total: number) => void;
  /** The fields owners set, kept over the file's (owned-overlay.ts). */
  owned?: OwnedOverlay;
}

/**
 * The longest line of an NDJSON file read as a place, in bytes: far above any place (a few kilobytes), and a line
 * longer is named by its number instead of being decoded whole (a file with no newlines, a binary file).
 */
export const MAX_PLACE_LINE_BYTES = 16 * 2 ** 20;

const tags = bitIndex(STANDARD_TAGS.map((t) => t.public_id));
const lists: [keyof NonNullable<PlaceRecord['rv_service']>, readonly string[]][] = [
  ['serviced_makes', RV_SERVICED_MAKES],
  ['serviced_rv_types', RV_TYPES],
  ['available_services', RV_AVAILABLE_SERVICES],
];

function vocabularyError(p: PlaceRecord): string | null {
  const tag = p.tags.find((t) => !tags.has(t.public_id));
  if (tag) return `tags: ${tag.public_id} is not a Standard Tag`;
  for (const [field, allowed] of lists) {
    const bad = (p.rv_service?.[field] as string[] | undefined)?.find((v) => !allowed.includes(v));
    if (bad !== undefined) return `rv_service.${field}: "${bad}" is not in the list`;
  }
  return null;
}

type LineCheck = { place: PlaceRecord } | { error: string } | null;

/** One NDJSON line: its Place record, or what is wrong with it; null for a blank line. */
function checkLine(text: string | LongLine): LineCheck {
  if (typeof text !== 'string') return { error: `${(text.longLineBytes / 2 ** 20).toFixed(1)} MiB long: a place’s line is at most ${MAX_PLACE_LINE_BYTES / 2 ** 20} MiB` };
  if (!text.trim()) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'not valid JSON' };
  }
  const parsed = placeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${issue.path.join('.') || 'record'}: ${issue.message}` };
  }
  const problem = vocabularyError(parsed.data);
  return problem ? { error: problem } : { place: parsed.data };
}

/** Every line checked, a duplicate id too; the places of good lines, by line number. */
function* checkedLines(lines: Iterable<string | LongLine>, errors: ImportResult['errors']): Generator<{ line: number; place: PlaceRecord }> {
  const seen = new Map<number, number>();
  let line = 0;
  for (const text of lines) {
    line++;
    const check = checkLine(text);
    if (!check) continue;
    if ('error' in check) {
      errors.push({ line, message: check.error });
      continue;
    }
    const earlier = seen.get(check.place.id);
    if (earlier) {
      errors.push({ line, message: `id ${check.place.id} already appears on line ${earlier}` });
      continue;
    }
    seen.set(check.place.id, line);
    yield { line, place: check.place };
  }
}

/** Validates every line of NDJSON Place records; bad lines are reported by number, and then nothing is written. */
export function parsePlaces(ndjson: string): { records: { line: number; place: PlaceRecord }[]; errors: ImportResult['errors'] } {
  const errors: ImportResult['errors'] = [];
  const records = [...checkedLines(ndjson.split(/\r?\n/), errors)];
  return { records, errors };
}

async function writeChecked(
  store: PlaceStoreAdmin,
  records: () => Iterable<{ line: number; place: PlaceRecord }>,
  total: number,
  today: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const lines: number[] = [];
  const owned = noneKept();
  function* places(): Generator<PlaceRecord> {
    for (const r of keepOwned(records(), options.owned, owned)) {
      lines.push(r.line);
      yield r.place;
    }
  }
  const { onProgress } = options;
  try {
    const imported = await store.writePlaces(places(), { today, replace: true, onProgress: onProgress && ((n) => onProgress(n, total)) });
    return { imported, errors: [], owned };
  } catch (err) {
    if (err instanceof PlaceWriteError) {
      const index = (err as PlaceWriteError & { index?: number }).index ?? 0;
      return { imported: 0, errors: [{ line: lines[index] ?? 0, message: err.message }], owned: noneKept() };
    }
    throw err;
  }
}

/**
 * Imports NDJSON Place records (the API's own shape, details form) into any place store: every line is validated
 * first; then all places are written in one transaction, or none.
 */
export async function importPlaces(store: PlaceStoreAdmin, ndjson: string, today: string, options: ImportOptions = {}): Promise<ImportResult> {
  const { records, errors } = parsePlaces(ndjson);
  if (errors.length) return { imported: 0, errors, owned: noneKept() };
  return writeChecked(store, () => records, records.length, today, options);
}

/**
 * The same from a file of any size, streamed twice: once to check every line (nothing held but the ids seen), once
 * to write them all in one transaction.
 */
export async function importPlacesFile(store: PlaceStoreAdmin, file: string, today: string, options: ImportOptions = {}): Promise<ImportResult> {
  const errors: ImportResult['errors'] = [];
  let total = 0;
  const lines = () => readLinesSync(file, { maxLineBytes: MAX_PLACE_LINE_BYTES });
  for (const _ of checkedLines(lines(), errors)) total++;
  if (errors.length) return { imported: 0, errors, owned: noneKept() };
  return writeChecked(store, () => checkedLines(lines(), []), total, today, options);
}
