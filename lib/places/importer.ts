import { bitIndex, RV_AVAILABLE_SERVICES, RV_SERVICED_MAKES, RV_TYPES, STANDARD_TAGS } from './catalog';
import { type PlaceRecord, placeSchema } from './place-schema';
import type { Db } from './store/sqlite/schema';
import { PlaceWriteError, PlaceWriter } from './store/sqlite/writer';

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

/**
 * Imports NDJSON Place records (the API's own shape, details form): every line is validated first and bad lines
 * are reported by number; then all places are written in one transaction, or none.
 */
export function importPlaces(db: Db, ndjson: string, today: string): ImportResult {
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
  if (errors.length) return { imported: 0, errors };

  const writer = new PlaceWriter(db, today);
  let current = 0;
  try {
    db.transaction(() => {
      for (const r of records) {
        current = r.line;
        writer.put(r.place);
      }
      writer.finish();
    })();
  } catch (err) {
    if (err instanceof PlaceWriteError) return { imported: 0, errors: [{ line: current, message: err.message }] };
    throw err;
  }
  return { imported: records.length, errors: [] };
}
