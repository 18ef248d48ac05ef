import { clearSessionCookie, readAuthState } from '@/lib/auth/session-state';
import { summarizeSession } from '@/lib/auth/session-summary';

export const dynamic = 'force-dynamic';

/** Who is signed in: names, memberships and the active organization; never a token. */
export async function GET(): Promise<Response> {
  const state = await readAuthState();
  if (state.ended) await clearSessionCookie();
  return Response.json(await summarizeSession(state), { headers: { 'cache-control': 'private, no-store' } });
}
