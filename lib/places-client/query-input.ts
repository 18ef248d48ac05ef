import 'server-only';
import type { z } from 'zod';
import { firstIssue } from '@/lib/explorer/schema-error';
import { RULE_SENTENCE } from '@/lib/explorer/search-schema';
import { PlacesApiError } from './client';

/**
 * A browser's query as one value per name, for the Explorer's schemas. A name given twice is refused, as the Place
 * API refuses it (rather than the last one winning); the record has no prototype, so `__proto__` is a name like any
 * other, and the strict schemas refuse it as unknown.
 */
export function queryRecord(query: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = Object.create(null);
  for (const [name, value] of query) {
    if (Object.hasOwn(record, name)) throw new PlacesApiError(400, 'invalid_parameter', `${name}: must be given only once`, name);
    record[name] = value;
  }
  return record;
}

/** A failed parse as the Explorer's 400, naming the first parameter at fault (a rule of the Place API's in its own words). */
export function refused(error: z.ZodError): PlacesApiError {
  const issue = error.issues[0];
  if (issue?.code === 'custom' && issue.params?.[RULE_SENTENCE]) {
    return new PlacesApiError(400, 'invalid_parameter', issue.message, String(issue.path[0]));
  }
  const { message, parameter } = firstIssue(error);
  return new PlacesApiError(400, 'invalid_parameter', message, parameter);
}
