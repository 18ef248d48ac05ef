import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { confirmClaimCode } from '@/lib/owners/claim-code';
import { ownerDeps } from '@/lib/owners/store-registry';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

/** `{ code }`: the code mailed to the place; the right one approves the organization's claim. */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    const body = await readJsonBody(request, 1024);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await confirmClaimCode(ownerDeps(), organizationMemberOf(session)!, id, body) });
  },
  { signedIn: true, organization: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
