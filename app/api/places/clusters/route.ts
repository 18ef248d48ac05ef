import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { clusterPlaces } from '@/lib/places-client/clusters';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withSession(async ({ request }) =>
  jsonOk(await clusterPlaces(new URL(request.url).searchParams, await resolvePlacesCredentials({ headers: request.headers }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
