import { withSession } from '@/lib/auth/with-session';
import { signOutEverywhere } from '@/lib/auth/sign-out-action';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/**
 * Sign out everywhere for a client without JavaScript (the account menu uses the server action): the same steps,
 * the Explorer's cookie now and the identity server's session with the ID token as hint, so no second question.
 */
export const POST = withSession(
  async () => new Response(null, { status: 303, headers: { location: await signOutEverywhere(), 'cache-control': 'no-store' } }),
  { sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
