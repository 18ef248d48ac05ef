import 'server-only';
import { timedFetch } from '@/lib/http/timed-fetch';
import { z } from 'zod';
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

export type MembersResult = { ok: true; members: Member[] } | { ok: false; status: number; message: string };

/** The identity server's membership API, called with the signed-in administrator's own access token. */
export async function fetchOrganizationMembers(organizationId: string, accessToken: string): Promise<MembersResult> {
  const { issuer } = identityClientConfig();
  let response: Response;
  let json: unknown;
  try {
    [response, json] = await timedFetch(
      `${issuer}/api/organizations/${encodeURIComponent(organizationId)}/members`,
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
  const parsed = membersResponse.safeParse(json);
  if (!parsed.success) return { ok: false, status: 502, message: 'The identity server sent an unexpected member list.' };
  return { ok: true, members: parsed.data.data };
}
