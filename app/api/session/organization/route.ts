import { cookies } from 'next/headers';
import { activeOrganizationCookieOptions } from '@/lib/auth/active-organization';
import { ACTIVE_ORGANIZATION_COOKIE, decideOrganizationSwitch } from '@/lib/auth/organization-choice';
import { withSession } from '@/lib/auth/with-session';
import { HttpError, jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readBodyText } from '@/lib/http/read-body';

export const dynamic = 'force-dynamic';

/** An organization id, as JSON or a form: a few hundred bytes at most, so nothing over 4 KB is read. */
const MAX_SWITCH_BODY_BYTES = 4 * 1024;

async function requestedOrganization(request: Request): Promise<unknown> {
  const body = await readBodyText(request, MAX_SWITCH_BODY_BYTES);
  if (request.headers.get('content-type')?.includes('application/json')) {
    try {
      return (JSON.parse(body) as { organizationId?: unknown } | null)?.organizationId;
    } catch {
      return undefined;
    }
  }
  return new URLSearchParams(body).get('organizationId') ?? undefined;
}

const codes = { 400: 'invalid_parameter', 401: 'unauthorized', 403: 'forbidden' } as const;

/** Switches the active organization: only one the session holds; anything else is 403. */
export const POST = withSession(
  async ({ request, session }) => {
    const decision = decideOrganizationSwitch(session ? session.organizations : null, await requestedOrganization(request));
    if (!decision.ok) throw new HttpError(decision.status, codes[decision.status], decision.message);
    (await cookies()).set(ACTIVE_ORGANIZATION_COOKIE, decision.organization.id, activeOrganizationCookieOptions());
    return jsonOk({ activeOrganizationId: decision.organization.id });
  },
  { sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
