import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { HttpError } from '@/lib/http/http-error';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { undoEdit } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

function editIdParam(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new HttpError(400, 'invalid_parameter', 'editId: an edit id is a positive integer', { parameter: 'editId' });
  return Number(raw);
}

/** Puts back what one edit changed: `{ version }`, the listing's version the administrator read. */
export const POST = withSession<{ id: string; editId: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    const editId = editIdParam(params.editId);
    const body = await readJsonBody(request, 1024);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await undoEdit(ownerDeps(), organizationMemberOf(session)!, id, editId, body) });
  },
  { signedIn: true, organization: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
