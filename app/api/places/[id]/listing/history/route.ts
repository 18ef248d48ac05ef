import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { listingHistory } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

/** The listing's edits, the newest first, for the owning organization's administrators. */
export const GET = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await listingHistory(ownerDeps(), organizationMemberOf(session)!, id) });
  },
  { signedIn: true, organization: true },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
