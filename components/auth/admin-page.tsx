import Link from 'next/link';
import { redirect } from 'next/navigation';
import { HeaderAccount } from '@/components/layout/header-account';
import { activeOrganization } from '@/lib/auth/active-organization';
import { currentSession } from '@/lib/auth/with-session';
import { loadAdminDirectory } from '@/lib/auth/admin-directory';
import { FollowOrganization } from './follow-organization';
import { ForbiddenNotice } from './forbidden-notice';
import { MembersDirectory } from './members-directory';
import { SignInRedirect } from './sign-in-redirect';

function AdminShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex h-14 items-center gap-4 border-b border-slate-200 bg-white px-4">
        <Link href="/" className="rounded font-semibold tracking-tight text-ink focus-visible:outline-2 focus-visible:outline-brand-600">
          Trip Explorer
        </Link>
        <span aria-hidden="true" className="text-slate-300">/</span>
        <span className="text-sm text-slate-600">Members</span>
        <nav aria-label="Account" className="ml-auto flex items-center text-sm">
          <HeaderAccount />
        </nav>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </div>
  );
}

/** The administrators' view, for every administered organization or for one (`organizationId`). */
export async function AdminPage({
  organizationId,
  query,
  role,
  forbidden,
  forbiddenOrganizationId,
}: {
  organizationId?: string;
  query: string;
  role: string;
  forbidden?: boolean;
  /** The organization a refused request asked for (from the proxy). */
  forbiddenOrganizationId?: string;
}) {
  const path = organizationId ? `/admin/${encodeURIComponent(organizationId)}` : '/admin';
  const result = forbidden ? ({ kind: 'forbidden' } as const) : await loadAdminDirectory(organizationId);
  if (result.kind === 'refresh') redirect(`/api/session/refresh?returnTo=${encodeURIComponent(path)}`);
  const follow = result.kind === 'ok' && organizationId !== undefined && (await activeOrganization())?.id !== organizationId;

  return (
    <AdminShell>
      {result.kind === 'signed-out' ? (
        <SignInRedirect callbackUrl={path} message="The members page is for organization administrators. Taking you to sign in…" />
      ) : result.kind === 'reauthenticate' ? (
        <SignInRedirect callbackUrl={path} message="Your access to the identity server needs a fresh sign-in…" />
      ) : result.kind === 'forbidden' ? (
        <ForbiddenNotice organizations={(await currentSession())?.organizations ?? []} requestedId={forbiddenOrganizationId ?? organizationId} />
      ) : (
        <>
          {follow && <FollowOrganization organizationId={organizationId} />}
          <h1 className="mb-4 text-2xl font-semibold text-ink">Organization members</h1>
          <MembersDirectory organizations={result.organizations} initialQuery={query} initialRole={role} />
        </>
      )}
    </AdminShell>
  );
}
