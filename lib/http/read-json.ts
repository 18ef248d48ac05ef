import type { z } from 'zod';
import { HttpError } from './http-error';
import { readBodyText } from './read-body';

/** The request's body parsed as JSON, read only up to `maxBytes` (413 past it); malformed JSON is the JSON 400 shape. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * The request's JSON body, parsed by a schema: malformed JSON and schema failures are both the JSON 400 shape, and a
 * body over `maxBytes` is a 413 before it is read whole.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, maxBytes: number): Promise<z.infer<S>> {
  return schema.parse(await readJsonBody(request, maxBytes));
}
