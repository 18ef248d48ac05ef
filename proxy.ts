import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import type { SessionOrganization } from '@/lib/auth/types';

/**
 * Gives the administrators' pages a real 403 status: a page cannot set its own, so the refusal happens here,
 * from the encrypted session cookie. Signed-out visitors pass through; the page sends them to sign in. The page
 * checks everything again (logouts included) before it reads any member.
 */
export async function proxy(request: NextRequest) {
  const secure = process.env.NEXTAUTH_URL?.startsWith('https://') ?? false;
  const token = await getToken({
    req: { cookies: request.cookies, headers: {} } as never,
    cookieName: secure ? '__Secure-next-auth.session-token' : 'next-auth.session-token',
  });
  if (!token?.sub) return NextResponse.next();

  const organizations = (token.organizations ?? []) as SessionOrganization[];
  const segment = request.nextUrl.pathname.split('/')[2];
  let requested: string | undefined;
  try {
    requested = segment ? decodeURIComponent(segment) : undefined;
  } catch {
    requested = segment;
  }
  const allowed = requested
    ? requested !== 'forbidden' && organizations.some((o) => o.admin && o.id === requested)
    : organizations.some((o) => o.admin);
  if (allowed) return NextResponse.next();
  // The refusal names the organization asked for (the page says which, and offers the ones this person administers).
  const forbidden = new URL('/admin/forbidden', request.url);
  if (requested && requested !== 'forbidden') forbidden.searchParams.set('organization', requested.slice(0, 100));
  return NextResponse.rewrite(forbidden, { status: 403 });
}

export const config = { matcher: ['/admin', '/admin/:path*'] };
