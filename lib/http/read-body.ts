import { HttpError } from './http-error';

function tooLarge(maxBytes: number): HttpError {
  const mb = maxBytes / 1024 / 1024;
  const size = mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new HttpError(413, 'payload_too_large', `The request body is larger than ${size}.`);
}

/**
 * The request's body, read only up to `maxBytes`: a larger Content-Length is refused before reading, and a body that
 * streams past the limit is cut off there, so an oversized upload never sits whole in memory.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other is cancelled too.
      reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The request's body as UTF-8 text, read only up to `maxBytes` (readBodyBytes). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString('utf8');
}
