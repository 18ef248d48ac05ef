import { claimCodeDeps } from '@/lib/auth/claim-code-deps';
import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { sendClaimCode } from '@/lib/owners/claim-code';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

/** Mails a code to the place's own address, for the caller's organization to prove its claim (claiming first if need be). */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await sendClaimCode(claimCodeDeps(), organizationMemberOf(session)!, id) }, { status: 201 });
  },
  { signedIn: true, organization: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
