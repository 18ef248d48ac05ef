import type { Place } from '@/lib/explorer/types';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { placesGet } from '@/lib/places-client/client';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { placeIdParam } from '@/lib/places-client/place-visible';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withSession<{ id: string }>(async ({ request, params }) => {
  const id = placeIdParam(params.id);
  const credentials = await resolvePlacesCredentials({ headers: request.headers });
  return jsonOk(await placesGet<{ data: Place }>(`canonical_places/${id}`, credentials));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
