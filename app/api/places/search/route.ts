import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { searchPlaces } from '@/lib/places-client/search';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withSession(async ({ request }) =>
  jsonOk(await searchPlaces(new URL(request.url).searchParams, await resolvePlacesCredentials({ headers: request.headers }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
