import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { tripDeps } from '@/lib/trips/request-deps';
import { sharedTrip } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The read-only trip behind a share link, for anyone holding it, signed in or not. */
export const GET = withSession<{ token: string }>(async ({ request, params }) => jsonOk(await sharedTrip(await tripDeps(request), params.token)));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
