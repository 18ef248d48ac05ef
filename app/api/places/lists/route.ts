import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { fetchPlaceLists } from '@/lib/places-client/lists';

export const dynamic = 'force-dynamic';

export const GET = withSession(async ({ request }) => jsonOk(await fetchPlaceLists(await resolvePlacesCredentials({ headers: request.headers }))));
