import type { Metadata } from 'next';
import { SignInRedirect } from '@/components/auth/sign-in-redirect';
import { AppPageShell } from '@/components/layout/app-page-shell';
import { safeReturnPath } from '@/lib/auth/same-origin';

export const metadata: Metadata = { title: 'Sign in · Trip Explorer', robots: { index: false } };

/**
 * A link that signs in: the identity server's pages (a confirmed address, a new password, an invitation used or
 * just accepted) lead here, and the sign-in comes back to `callbackUrl` (this app's map by default).
 */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const { callbackUrl } = await searchParams;
  const target = safeReturnPath(Array.isArray(callbackUrl) ? callbackUrl[0] : callbackUrl);
  return (
    <AppPageShell section="Sign in" width="narrow">
      <SignInRedirect callbackUrl={target} title="Signing you in" message="Taking you to sign in…" />
    </AppPageShell>
  );
}
