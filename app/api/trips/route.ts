import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { readJson } from '@/lib/http/read-json';
import { MAX_TRIP_BODY_BYTES } from '@/lib/trips/limits';
import { createTripInput } from '@/lib/trips/model';
import { tripDeps } from '@/lib/trips/request-deps';
import { createTrip, listTrips } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** My trips, and those shared with my organizations. */
export const GET = withSession(async ({ request, session }) => jsonOk({ data: await listTrips(await tripDeps(request), session!) }), { signedIn: true });

export const POST = withSession(
  async ({ request, session }) => {
    const input = await readJson(request, createTripInput, MAX_TRIP_BODY_BYTES);
    return jsonOk(await createTrip(await tripDeps(request), session!, input), { status: 201 });
  },
  { signedIn: true, sameOrigin: true },
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
