import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { claimPlace } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

/** Asks for the place for the caller's active organization: a pending claim. */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await claimPlace(ownerDeps(), organizationMemberOf(session)!, id) }, { status: 201 });
  },
  { signedIn: true, organization: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
