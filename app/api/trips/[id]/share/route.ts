import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { tripDeps } from '@/lib/trips/request-deps';
import { createShareLink, revokeShareLink } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/** A new read-only link (any earlier link stops working). */
export const POST = withSession<Params>(
  async ({ request, session, params }) => jsonOk(await createShareLink(await tripDeps(request), session!, params.id), { status: 201 }),
  { signedIn: true, sameOrigin: true },
);

export const DELETE = withSession<Params>(
  async ({ request, session, params }) => jsonOk(await revokeShareLink(await tripDeps(request), session!, params.id)),
  { signedIn: true, sameOrigin: true },
);

export const { GET, PUT, PATCH } = otherMethods('POST', 'DELETE');
