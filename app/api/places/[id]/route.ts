import type { Place } from '@/lib/explorer/types';
import { withSession } from '@/lib/auth/with-session';
import { HttpError, jsonOk } from '@/lib/http/json-response';
import { placesGet } from '@/lib/places-client/client';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withSession<{ id: string }>(async ({ request, params }) => {
  if (!/^[1-9]\d{0,14}$/.test(params.id)) throw new HttpError(400, 'invalid_parameter', 'id: a place id is a positive integer', { parameter: 'id' });
  const credentials = await resolvePlacesCredentials({ headers: request.headers });
  return jsonOk(await placesGet<{ data: Place }>(`canonical_places/${params.id}`, credentials));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
