import { redirect } from 'next/navigation';
import { AppPageShell } from '@/components/layout/app-page-shell';
import { activeOrganization } from '@/lib/auth/active-organization';
import { currentSession } from '@/lib/auth/with-session';
import { loadAdminDirectory } from '@/lib/auth/admin-directory';
import { organizationToFollow } from '@/lib/auth/organization-to-follow';
import { FollowOrganization } from './follow-organization';
import { ForbiddenNotice } from './forbidden-notice';
import { MembersDirectory } from './members-directory';
import { SignInRedirect } from './sign-in-redirect';

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
  // The header names an organization this page manages (on /admin too, where it named any active one before).
  const follow = result.kind === 'ok' ? organizationToFollow(result.organizations.map((o) => o.id), (await activeOrganization())?.id) : undefined;

  return (
    <AppPageShell section="Members" width="wide">
      {result.kind === 'signed-out' ? (
        <SignInRedirect callbackUrl={path} message="The members page is for organization administrators. Taking you to sign in…" />
      ) : result.kind === 'reauthenticate' ? (
        <SignInRedirect callbackUrl={path} message="Your access to the identity server needs a fresh sign-in…" />
      ) : result.kind === 'forbidden' ? (
        <ForbiddenNotice organizations={(await currentSession())?.organizations ?? []} requestedId={forbiddenOrganizationId ?? organizationId} />
      ) : (
        <>
          {follow && <FollowOrganization organizationId={follow} />}
          <h1 className="mb-4 text-2xl font-semibold text-ink">Organization members</h1>
          <MembersDirectory organizations={result.organizations} initialQuery={query} initialRole={role} />
        </>
      )}
    </AppPageShell>
  );
}
