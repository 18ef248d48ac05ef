/** An error a handler (or the lib it calls) throws on purpose: it becomes the JSON error body, with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra members of the error object (`parameter`), or of the body (`trip` beside a 409), and headers (`retry-after`). */
    readonly extra: { parameter?: string; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}
