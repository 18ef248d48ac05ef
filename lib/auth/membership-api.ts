import 'server-only';
import { timedFetch } from '@/lib/http/timed-fetch';
import { z } from 'zod';
import type { AuditEntry } from './audit-wording';
import { identityClientConfig } from './identity-config';

const memberSchema = z.object({
  id: z.string(),
  username: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  isAdministrator: z.boolean().default(false),
  roles: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
});
const membersResponse = z.object({ data: z.array(memberSchema) });

export type Member = z.infer<typeof memberSchema>;

const auditResponse = z.object({
  data: z.array(
    z.object({ id: z.number(), at: z.string(), actor: z.string(), action: z.string(), subject: z.string(), details: z.record(z.string(), z.unknown()) }),
  ),
});

export type MembersResult = { ok: true; members: Member[] } | { ok: false; status: number; message: string };
export type AuditResult = { ok: true; entries: AuditEntry[] } | { ok: false; status: number; message: string };

type Fetched<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** One of the identity server's organization APIs, called with the signed-in administrator's own access token. */
async function fetchOrganizationApi<T>(organizationId: string, resource: 'members' | 'audit', accessToken: string, schema: z.ZodType<T>, what: string): Promise<Fetched<T>> {
  const { issuer } = identityClientConfig();
  let response: Response;
  let json: unknown;
  try {
    [response, json] = await timedFetch(
      `${issuer}/api/organizations/${encodeURIComponent(organizationId)}/${resource}`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, cache: 'no-store' },
      10_000,
      async (r) => [r, (await r.json().catch(() => null)) as unknown] as const,
    );
  } catch {
    return { ok: false, status: 502, message: 'The identity server did not answer.' };
  }
  if (response.status === 401) return { ok: false, status: 401, message: 'Your sign-in has expired.' };
  if (response.status === 403) return { ok: false, status: 403, message: 'You do not administer this organization.' };
  if (!response.ok) return { ok: false, status: 502, message: `The identity server answered ${response.status}.` };
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, status: 502, message: `The identity server sent an unexpected ${what}.` };
  return { ok: true, value: parsed.data };
}

export async function fetchOrganizationMembers(organizationId: string, accessToken: string): Promise<MembersResult> {
  const result = await fetchOrganizationApi(organizationId, 'members', accessToken, membersResponse, 'member list');
  return result.ok ? { ok: true, members: result.value.data } : result;
}

export async function fetchOrganizationAudit(organizationId: string, accessToken: string): Promise<AuditResult> {
  const result = await fetchOrganizationApi(organizationId, 'audit', accessToken, auditResponse, 'audit log');
  return result.ok ? { ok: true, entries: result.value.data } : result;
}
