import { bitIndex, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from './catalog';
import { type PlaceRecord, placeSchema } from './place-schema';
import { PlaceWriteError } from './store/place-columns';
import type { PlaceStoreAdmin } from './store/types';

export interface ImportResult {
  imported: number;
  errors: { line: number; message: string }[];
}

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

/** Validates every line of NDJSON Place records; bad lines are reported by number, and then nothing is written. */
export function parsePlaces(ndjson: string): { records: { line: number; place: PlaceRecord }[]; errors: ImportResult['errors'] } {
  const errors: ImportResult['errors'] = [];
  const records: { line: number; place: PlaceRecord }[] = [];
  const seen = new Map<number, number>();
  ndjson.split(/\r?\n/).forEach((text, i) => {
    const line = i + 1;
    if (!text.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      errors.push({ line, message: 'not valid JSON' });
      return;
    }
    const parsed = placeSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({ line, message: `${issue.path.join('.') || 'record'}: ${issue.message}` });
      return;
    }
    const problem = vocabularyError(parsed.data);
    if (problem) {
      errors.push({ line, message: problem });
      return;
    }
    const earlier = seen.get(parsed.data.id);
    if (earlier) {
      errors.push({ line, message: `id ${parsed.data.id} already appears on line ${earlier}` });
      return;
    }
    seen.set(parsed.data.id, line);
    records.push({ line, place: parsed.data });
  });
  return { records, errors };
}

/**
 * Imports NDJSON Place records (the API's own shape, details form) into any place store: every line is validated
 * first; then all places are written in one transaction, or none.
 */
export async function importPlaces(
  store: PlaceStoreAdmin,
  ndjson: string,
  today: string,
  onProgress?: (written: number, total: number) => void,
): Promise<ImportResult> {
  const { records, errors } = parsePlaces(ndjson);
  if (errors.length) return { imported: 0, errors };
  try {
    const imported = await store.writePlaces(
      records.map((r) => r.place),
      { today, replace: true, onProgress: onProgress && ((n) => onProgress(n, records.length)) },
    );
    return { imported, errors: [] };
  } catch (err) {
    if (err instanceof PlaceWriteError) {
      const index = (err as PlaceWriteError & { index?: number }).index ?? 0;
      return { imported: 0, errors: [{ line: records[index]?.line ?? 0, message: err.message }] };
    }
    throw err;
  }
}
