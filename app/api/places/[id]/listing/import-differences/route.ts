import { organizationMemberOf } from '@/lib/auth/listing-member';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { answerImportDifferences } from '@/lib/owners/import-answer';
import { ownerDeps } from '@/lib/owners/store-registry';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';

export const dynamic = 'force-dynamic';

/** `{ version, accept, keep }`: the owner takes the latest import's values of some fields and keeps theirs of others. */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    const body = await readJsonBody(request, 4 * 1024);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await answerImportDifferences(ownerDeps(), organizationMemberOf(session)!, id, body) });
  },
  { signedIn: true, organization: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
