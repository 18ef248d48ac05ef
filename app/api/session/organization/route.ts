import { cookies } from 'next/headers';
import { activeOrganizationCookieOptions } from '@/lib/auth/active-organization';
import { ACTIVE_ORGANIZATION_COOKIE, decideOrganizationSwitch } from '@/lib/auth/organization-choice';
import { withSession } from '@/lib/auth/with-session';
import { HttpError, jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

async function requestedOrganization(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.includes('application/json')) {
    const body = (await request.json().catch(() => null)) as { organizationId?: unknown } | null;
    return body?.organizationId;
  }
  const form = await request.formData().catch(() => null);
  return form?.get('organizationId') ?? undefined;
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
