import 'server-only';
import { z } from 'zod';
import { timedFetch } from '@/lib/http/timed-fetch';
import { identityClientConfig } from './identity-config';

export const roleSchema = z.object({ id: z.string(), name: z.string() });
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  isAdministrator: z.boolean(),
  roles: z.array(roleSchema),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export type Role = z.infer<typeof roleSchema>;
export type Invitation = z.infer<typeof invitationSchema>;

export type AdminCall<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/**
 * The identity server's organization administration API (lib/identity/organization-admin-api.ts), called with the
 * signed-in administrator's own access token: the identity server decides again who may do what.
 */
export async function callOrganizationAdmin<T>(
  accessToken: string,
  organizationId: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
  schema?: z.ZodType<T>,
): Promise<AdminCall<T>> {
  const { issuer } = identityClientConfig();
  try {
    const [response, json] = await timedFetch(
      `${issuer}/api/organizations/${encodeURIComponent(organizationId)}${path}`,
      {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
        cache: 'no-store',
      },
      10_000,
      async (r) => [r, r.status === 204 ? null : ((await r.json().catch(() => null)) as unknown)] as const,
    );
    if (!response.ok) {
      const description = (json as { error_description?: unknown } | null)?.error_description;
      const message = response.status === 401 ? 'Your sign-in has expired. Reload the page.' : typeof description === 'string' ? description : `The identity server answered ${response.status}.`;
      return { ok: false, status: response.status, message: message.charAt(0).toUpperCase() + message.slice(1) };
    }
    if (!schema) return { ok: true, value: json as T };
    const parsed = schema.safeParse(json);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: 502, message: 'The identity server sent an unexpected answer.' };
  } catch {
    return { ok: false, status: 502, message: 'The identity server did not answer.' };
  }
}

export const rolesOf = (accessToken: string, organizationId: string) =>
  callOrganizationAdmin(accessToken, organizationId, '/roles', {}, z.object({ data: z.array(roleSchema) }));

export const invitationsOf = (accessToken: string, organizationId: string) =>
  callOrganizationAdmin(accessToken, organizationId, '/invitations', {}, z.object({ data: z.array(invitationSchema) }));
