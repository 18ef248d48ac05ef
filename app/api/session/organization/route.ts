import { cookies } from 'next/headers';
import { activeOrganizationCookieOptions } from '@/lib/auth/active-organization';
import { identityClientConfig } from '@/lib/auth/identity-config';
import { ACTIVE_ORGANIZATION_COOKIE, decideOrganizationSwitch } from '@/lib/auth/organization-choice';
import { isSameOriginRequest } from '@/lib/auth/same-origin';
import { organizationsOf, readAuthState } from '@/lib/auth/session-state';

export const dynamic = 'force-dynamic';

const noStore = { 'cache-control': 'no-store' };

async function requestedOrganization(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.includes('application/json')) {
    const body = (await request.json().catch(() => null)) as { organizationId?: unknown } | null;
    return body?.organizationId;
  }
  const form = await request.formData().catch(() => null);
  return form?.get('organizationId') ?? undefined;
}

/** Switches the active organization: only one the session holds; anything else is 403. */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOriginRequest(request, identityClientConfig().appUrl)) {
    return Response.json({ error: { code: 'forbidden', message: 'Cross-site request refused.' } }, { status: 403, headers: noStore });
  }
  const { token } = await readAuthState();
  const decision = decideOrganizationSwitch(token ? organizationsOf(token) : null, await requestedOrganization(request));
  if (!decision.ok) {
    const code = decision.status === 400 ? 'invalid_parameter' : decision.status === 401 ? 'unauthorized' : 'forbidden';
    return Response.json({ error: { code, message: decision.message } }, { status: decision.status, headers: noStore });
  }
  (await cookies()).set(ACTIVE_ORGANIZATION_COOKIE, decision.organization.id, activeOrganizationCookieOptions());
  return Response.json({ activeOrganizationId: decision.organization.id }, { headers: noStore });
}
