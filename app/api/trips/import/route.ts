import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { readBodyText } from '@/lib/http/read-body';
import { gpxToTrip, importNameParameter, MAX_GPX_BYTES } from '@/lib/trips/gpx-import';
import { tripDeps } from '@/lib/trips/request-deps';
import { importTrip } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/**
 * A GPX file (the request body) as a new trip: its waypoints become stops, in order (a place of this app's export
 * its place again); all or nothing. `?name=` (under the trip-name rules) names it when the file's metadata does not.
 */
export const POST = withSession(
  async ({ request, session }) => {
    // The name asked for is checked before the body is read: a name a rename would refuse is refused here too.
    const fallbackName = importNameParameter(new URL(request.url).searchParams.get('name'));
    const input = gpxToTrip(await readBodyText(request, MAX_GPX_BYTES), fallbackName);
    return jsonOk(await importTrip(await tripDeps(request), session!, input), { status: 201 });
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
