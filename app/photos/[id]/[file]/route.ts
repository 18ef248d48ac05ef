import { errorResponse, jsonError } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { photoFile } from '@/lib/reviews/explorer/photos';
import { reviewStore } from '@/lib/reviews/store-registry';

export const dynamic = 'force-dynamic';

/**
 * A traveler's photo, `original.jpg` or one of the spec's sizes: JPEG without metadata. Cached for an hour, not for
 * ever: a photo hidden by moderators or removed by its author stops being served.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string; file: string }> }): Promise<Response> {
  try {
    const { id, file } = await params;
    const data = await photoFile({ store: reviewStore() }, id, file);
    if (!data) return jsonError(404, 'not_found', 'No such photo.');
    return new Response(new Uint8Array(data), {
      headers: { 'content-type': 'image/jpeg', 'content-length': String(data.length), 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
    });
  } catch (err) {
    return errorResponse(err);
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
