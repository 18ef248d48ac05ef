import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { organizationPlaces } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';

export const dynamic = 'force-dynamic';

/** The places the caller's active organization keeps, and its claims. */
export const GET = withSession(async ({ session }) => jsonOk({ data: await organizationPlaces(ownerDeps(), organizationMemberOf(session)!) }), {
  signedIn: true,
  organization: true,
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
