import { writerOf } from '@/lib/auth/reviewer';
import { withSession } from '@/lib/auth/with-session';
import { HttpError, jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readBodyBytes } from '@/lib/http/read-body';
import { PHOTO_LIMITS } from '@/lib/photos/sizes';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';
import { reviewDeps } from '@/lib/reviews/explorer/deps';
import { addPlacePhoto } from '@/lib/reviews/explorer/photos';
import { photoPath } from '@/lib/reviews/photo-path';

export const dynamic = 'force-dynamic';

/** The form's fields beside the file itself: the multipart framing a browser adds. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** A multipart form with the photo in `photo` and, optionally, the id of one of the writer's reviews in `review`. */
async function readPhotoForm(request: Request): Promise<{ file: Buffer; reviewId: string | null }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw new HttpError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data, in a field named photo.');
  const body = await readBodyBytes(request, PHOTO_LIMITS.maxBytes + FORM_OVERHEAD_BYTES).catch((err: unknown) => {
    // Named as the photo's limit the form states, not the body's (the photo and the form's framing).
    if (err instanceof HttpError && err.status === 413) throw new HttpError(413, 'payload_too_large', `The most a photo may be is ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB.`);
    throw err;
  });
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'invalid_parameter', 'photo: the form could not be read', { parameter: 'photo' });
  }
  const photo = form.get('photo');
  if (!(photo instanceof Blob)) throw new HttpError(400, 'invalid_parameter', 'photo: choose a photo to send', { parameter: 'photo' });
  const review = form.get('review');
  return { file: Buffer.from(await photo.arrayBuffer()), reviewId: typeof review === 'string' && review ? review : null };
}

/** Adds the signed-in traveler's photo of a place the Place API knows. */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const placeId = placeIdParam(params.id);
    const { file, reviewId } = await readPhotoForm(request);
    await requireVisiblePlace(placeId, request);
    const photo = await addPlacePhoto(reviewDeps(), await writerOf(session!, request), placeId, file, reviewId);
    return jsonOk({ data: { id: photo.id, fingerprint: photo.fingerprint, thumbnail: photoPath(photo.id, 'thumbnail'), original: photoPath(photo.id, 'original') } }, { status: 201 });
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
