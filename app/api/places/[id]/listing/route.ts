import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { MAX_LISTING_BODY_BYTES } from '@/lib/owners/listing-input';
import { editListing, listingView } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

/** A place's owner and the fields an owner keeps, with what the reader may do with them. */
export const GET = withSession<{ id: string }>(async ({ request, params, session }) => {
  const id = placeIdParam(params.id);
  await requireVisiblePlace(id, request);
  return jsonOk({ data: await listingView(ownerDeps(), id, organizationMemberOf(session)) });
});

/** The owner's edit: `{ version, ...fields }` (docs/owners.md). */
export const PUT = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    const body = await readJsonBody(request, MAX_LISTING_BODY_BYTES);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await editListing(ownerDeps(), organizationMemberOf(session)!, id, body) });
  },
  { signedIn: true, organization: true, sameOrigin: true },
);

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
