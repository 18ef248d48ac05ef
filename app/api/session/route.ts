import { withSession } from '@/lib/auth/with-session';
import { clearSessionCookie, readAuthState } from '@/lib/auth/session-state';
import { summarizeSession } from '@/lib/auth/session-summary';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Who is signed in: names, memberships and the active organization; never a token. */
export const GET = withSession(async ({ request, ended }) => {
  if (ended) await clearSessionCookie();
  return jsonOk(await summarizeSession(await readAuthState(request)), { headers: { 'cache-control': 'private, no-store' } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
