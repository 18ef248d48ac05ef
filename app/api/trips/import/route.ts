import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { readBodyText } from '@/lib/http/read-body';
import { gpxToTrip, MAX_GPX_BYTES } from '@/lib/trips/gpx-import';
import { tripDeps } from '@/lib/trips/request-deps';
import { createTrip } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** A GPX file (the request body) as a new trip: its waypoints become stops, in order; all or nothing. */
export const POST = withSession(
  async ({ request, session }) => {
    const fallbackName = new URL(request.url).searchParams.get('name') ?? undefined;
    const input = gpxToTrip(await readBodyText(request, MAX_GPX_BYTES), fallbackName?.trim() || undefined);
    return jsonOk(await createTrip(await tripDeps(request), session!, input), { status: 201 });
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
