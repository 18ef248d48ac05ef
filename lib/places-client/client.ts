import 'server-only';
import { appConfig } from '@/lib/config/runtime';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { HttpError } from '@/lib/http/http-error';
import { FetchTimeoutError, timedFetch } from '@/lib/http/timed-fetch';
import type { PlacesCredentials } from './credentials';

/** The Place API's refusal, passed on to the Explorer's caller in the same JSON error shape. */
export class PlacesApiError extends HttpError {
  constructor(status: number, code: string, message: string, parameter?: string) {
    super(status, code, message, parameter ? { parameter } : {});
  }

  get parameter(): string | undefined {
    return this.extra.parameter;
  }
}

/**
 * GETs one Place API resource, signed with the caller's client. `pathAndQuery` starts after `/api/v2/`
 * (`search?center=...`) and is signed exactly as sent.
 */
export async function placesGet<T>(pathAndQuery: string, credentials: PlacesCredentials | null): Promise<T> {
  if (!credentials) throw new PlacesApiError(503, 'not_configured', 'The place service credentials are not configured.');
  const signed = `/api/v2/${pathAndQuery}`;
  const { url, timeoutMs } = appConfig().placesApi;
  let response: Response;
  let body: { error?: { code?: string; message?: string; parameter?: string } } | null;
  try {
    [response, body] = await timedFetch(
      url + signed,
      {
        headers: {
          'content-type': 'application/json',
          'SVC-ORG-APP-CLIENT-ID': credentials.clientId,
          'SVC-ORG-APP-HMAC': signPlacesRequest(signed, credentials.secretKey),
        },
        cache: 'no-store',
      },
      timeoutMs,
      async (r) => [r, (await r.json().catch(() => null)) as typeof body] as const,
    );
  } catch (err) {
    const timedOut = err instanceof FetchTimeoutError;
    throw new PlacesApiError(502, 'upstream_unavailable', timedOut ? 'The place service did not answer in time.' : 'The place service is unreachable.');
  }
  if (response.ok && body) return body as T;
  const error = body?.error;
  if (response.status === 401) throw new PlacesApiError(502, 'upstream_unauthorized', 'The place service refused this app\'s credentials.');
  if (response.status >= 500 || !error) throw new PlacesApiError(502, 'upstream_error', 'The place service failed to answer.');
  throw new PlacesApiError(response.status, error.code ?? 'upstream_error', error.message ?? 'The place service refused the request.', error.parameter);
}
