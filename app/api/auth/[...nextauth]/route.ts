import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/auth-options';
import { publicAppUrl } from '@/lib/auth/identity-config';
import { isSameOriginRequest } from '@/lib/auth/same-origin';
import { errorResponse, jsonError } from '@/lib/http/json-response';
import { readBodyText } from '@/lib/http/read-body';
import { readJsonBody } from '@/lib/http/read-json';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ nextauth: string[] }> };

/** Session updates are a few hundred bytes; sign-in and sign-out forms and error reports less. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

/**
 * next-auth, with what it answers badly in the API's JSON error shape: a JSON body it cannot parse (it throws, a
 * 500) and its own plain-text 400s (an unsupported action, "[object Object]" for a malformed session update).
 */
async function handler(request: Request, context: Context): Promise<Response> {
  if (request.method === 'POST') {
    // next-auth's client reports its errors to `_log`, which writes them to the server's log: from this app's own
    // pages only, so another site cannot fill the log (and its alerts) with lines of its making.
    const { nextauth } = await context.params;
    if (nextauth[0] === '_log' && !isSameOriginRequest(request, publicAppUrl())) return jsonError(403, 'forbidden', 'Cross-site request refused.');
    try {
      if (/json/i.test(request.headers.get('content-type') ?? '')) await readJsonBody(request.clone(), MAX_AUTH_BODY_BYTES);
      else await readBodyText(request.clone(), MAX_AUTH_BODY_BYTES);
    } catch (err) {
      return errorResponse(err);
    }
  }
  const response = await NextAuth(request as never, context as never, authOptions());
  if (response.status !== 400 || /json/i.test(response.headers.get('content-type') ?? '')) return response;
  const said = (await response.text()).replace(/^Error: /, '').trim();
  return jsonError(400, 'bad_request', said && said !== '[object Object]' ? said : 'This sign-in request is not one the server takes.');
}

export { handler as GET, handler as POST };

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
