import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { identityRuntime, interactionView } from '@/lib/identity/runtime';
import { ConsentForm } from './consent-form';
import { InteractionShell } from './interaction-shell';
import { LoginForm } from './login-form';
import { waitWords } from '@/lib/identity/wait-words';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in · Trip Explorer', robots: { index: false } };

interface Props {
  params: Promise<{ uid: string }>;
  searchParams: Promise<{ error?: string; retry?: string; login?: string }>;
}

function Expired() {
  return (
    <InteractionShell title="This sign-in has expired">
      <p className="text-sm text-slate-600">
        The sign-in request is no longer valid, or it was opened in another browser. Go back to the application and
        start again.
      </p>
      <Link href="/" className="mt-6 inline-block rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink">
        Back to Trip Explorer
      </Link>
    </InteractionShell>
  );
}

/** The login or consent page of one authorization request; the forms post to the identity subsystem. */
export default async function InteractionPage({ params, searchParams }: Props) {
  const { uid } = await params;
  const query = await searchParams;
  const runtime = identityRuntime();
  // The interaction is bound to its cookie: another browser gets nothing but the expired page.
  const bound = (await cookies()).get('_interaction')?.value === uid;
  const view = runtime && bound ? await interactionView(runtime, uid) : undefined;
  if (!view) return <Expired />;

  if (view.prompt === 'consent') return <ConsentForm view={view} />;
  const error =
    query.error === 'throttled'
      ? `Too many failed attempts. Try again in ${waitWords(Number(query.retry) || 1)}.`
      : query.error === 'invalid'
        ? 'Wrong username or password.'
        : undefined;
  return <LoginForm view={view} error={error} login={query.login ?? view.loginHint ?? ''} />;
}
