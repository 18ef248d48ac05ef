import 'server-only';
import type { z } from 'zod';
import { timedFetch } from '@/lib/http/timed-fetch';

/**
 * Who calls the identity server's own APIs: its address (the issuer) and the signed-in person's access token. The
 * identity server decides again, from the token, what the person may do.
 */
export interface IdentityCaller {
  issuer: string;
  accessToken: string;
}

export type IdentityAnswer<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** What the Explorer tells the person when a call fails and the identity server gave no words of its own. */
export const IDENTITY_API_MESSAGES = {
  unreachable: 'The identity server did not answer.',
  unexpected: 'The identity server sent an unexpected answer.',
  expired: 'Your sign-in has expired. Reload the page.',
  refused: (status: number) => `The identity server answered ${status}.`,
};

const TIMEOUT_MS = 10_000;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A refusal in the person's words: an expired sign-in for a 401 (a new access token is a reload away), else the
 * identity server's own `error_description`, else its status.
 */
export function refusalOf(status: number, body: unknown): IdentityAnswer<never> {
  if (status === 401) return { ok: false, status, message: IDENTITY_API_MESSAGES.expired };
  const description = (body as { error_description?: unknown } | null)?.error_description;
  return { ok: false, status, message: typeof description === 'string' ? capitalized(description) : IDENTITY_API_MESSAGES.refused(status) };
}

export interface IdentityRequest {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
}

/**
 * One call of the identity server's API at `path` (under the issuer: `/api/account/profile`) with the caller's
 * bearer token. The answer is parsed with `schema` when one is given (a 204's is null); what fails comes back as a
 * status and a message for the person, never as an exception.
 */
export async function callIdentityApi(caller: IdentityCaller, path: string, request?: IdentityRequest): Promise<IdentityAnswer<unknown>>;
export async function callIdentityApi<T>(caller: IdentityCaller, path: string, request: IdentityRequest, schema: z.ZodType<T>): Promise<IdentityAnswer<T>>;
export async function callIdentityApi<T>(caller: IdentityCaller, path: string, { method = 'GET', body }: IdentityRequest = {}, schema?: z.ZodType<T>): Promise<IdentityAnswer<unknown>> {
  let response: Response;
  let json: unknown;
  try {
    [response, json] = await timedFetch(
      `${caller.issuer}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${caller.accessToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      },
      TIMEOUT_MS,
      async (r) => [r, r.status === 204 ? null : ((await r.json().catch(() => null)) as unknown)] as const,
    );
  } catch {
    return { ok: false, status: 502, message: IDENTITY_API_MESSAGES.unreachable };
  }
  if (!response.ok) return refusalOf(response.status, json);
  if (!schema) return { ok: true, value: json };
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: 502, message: IDENTITY_API_MESSAGES.unexpected };
}
