import 'server-only';
import { z } from 'zod';
import { timedFetch } from '@/lib/http/timed-fetch';
import { identityClientConfig } from './identity-config';

export const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  givenName: z.string(),
  familyName: z.string(),
  sessions: z.array(
    z.object({
      id: z.string(),
      signedInAt: z.string(),
      clients: z.array(z.string()),
      /** The apps by name, and the browser in words ("Chrome on Linux"); older identity servers send neither. */
      apps: z.array(z.string()).default([]),
      device: z.string().nullable().default(null),
      current: z.boolean(),
    }),
  ),
  twoFactor: z.object({ totp: z.boolean(), recoveryCodesLeft: z.number() }),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
});

export type AccountView = z.infer<typeof accountSchema>;

export type AccountCall = { ok: true; account: AccountView | null; raw?: unknown } | { ok: false; status: number; message: string };

/** The identity server's account API (lib/identity/account-api.ts), with the signed-in person's access token. */
export async function callAccountApi(accessToken: string, path: string, method = 'GET', body?: unknown): Promise<AccountCall> {
  const { issuer } = identityClientConfig();
  try {
    const [response, json] = await timedFetch(
      `${issuer}/api/account${path}`,
      {
        method,
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        cache: 'no-store',
      },
      10_000,
      async (r) => [r, r.status === 204 ? null : ((await r.json().catch(() => null)) as unknown)] as const,
    );
    if (response.status === 204) return { ok: true, account: null };
    if (!response.ok) {
      const description = (json as { error_description?: unknown } | null)?.error_description;
      return { ok: false, status: response.status, message: typeof description === 'string' ? description : `The identity server answered ${response.status}.` };
    }
    const raw = (json as { data?: unknown } | null)?.data;
    // The answers that are not the account (TOTP set-up, passkey options) go back as they came, for the caller to check.
    if (path.startsWith('/totp') || path.startsWith('/passkeys')) return { ok: true, account: null, raw };
    const parsed = accountSchema.safeParse(raw);
    return parsed.success ? { ok: true, account: parsed.data } : { ok: false, status: 502, message: 'The identity server sent an unexpected answer.' };
  } catch {
    return { ok: false, status: 502, message: 'The identity server did not answer.' };
  }
}
