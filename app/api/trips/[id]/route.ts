import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { readJson } from '@/lib/http/read-json';
import { MAX_TRIP_BODY_BYTES } from '@/lib/trips/limits';
import { patchTripInput } from '@/lib/trips/model';
import { tripDeps } from '@/lib/trips/request-deps';
import { deleteTrip, getTrip, patchTrip } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = withSession<Params>(async ({ request, session, params }) => jsonOk(await getTrip(await tripDeps(request), session!, params.id)), {
  signedIn: true,
});

/** Rename, replace or reorder the stops, plan dates, nights and notes: on the version the change was made on. */
export const PATCH = withSession<Params>(
  async ({ request, session, params }) => {
    const input = await readJson(request, patchTripInput, MAX_TRIP_BODY_BYTES);
    return jsonOk(await patchTrip(await tripDeps(request), session!, params.id, input));
  },
  { signedIn: true, sameOrigin: true },
);

export const DELETE = withSession<Params>(
  async ({ request, session, params }) => {
    await deleteTrip(await tripDeps(request), session!, params.id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  },
  { signedIn: true, sameOrigin: true },
);

export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
