import type { z } from 'zod';
import { HttpError } from './http-error';

/** The request's JSON body, parsed by a schema: malformed JSON and schema failures are both the JSON 400 shape. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  return schema.parse(body);
}
