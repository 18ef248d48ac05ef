import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { readJson } from '@/lib/http/read-json';
import { shareWithOrganizationInput } from '@/lib/trips/model';
import { tripDeps } from '@/lib/trips/request-deps';
import { shareWithOrganization } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Shares the trip with one of my organizations (`{"organizationId": "..."}`), or makes it private (`null`). */
export const PUT = withSession<{ id: string }>(
  async ({ request, session, params }) => {
    const { organizationId } = await readJson(request, shareWithOrganizationInput, 4 * 1024);
    return jsonOk(await shareWithOrganization(await tripDeps(request), session!, params.id, organizationId));
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
