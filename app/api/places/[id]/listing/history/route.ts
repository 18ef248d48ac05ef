import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { listingHistory } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';
import { placeIdParam } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

/** The listing's edits, the newest first, for the owning organization's administrators. */
export const GET = withSession<{ id: string }>(
  async ({ params, session }) => jsonOk({ data: await listingHistory(ownerDeps(), organizationMemberOf(session)!, placeIdParam(params.id)) }),
  { signedIn: true, organization: true },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
