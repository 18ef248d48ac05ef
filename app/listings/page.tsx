import type { Metadata } from 'next';
import { SignInRedirect } from '@/components/auth/sign-in-redirect';
import { AppPageShell } from '@/components/layout/app-page-shell';
import { OrganizationListings } from '@/components/listings/organization-listings';
import { organizationMemberOf } from '@/lib/auth/listing-member';
import { currentSession } from '@/lib/auth/with-session';
import { organizationPlaces } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';

export const metadata: Metadata = { title: 'Our places · Trip Explorer' };
export const dynamic = 'force-dynamic';

/** The places the active organization keeps, and its claims with their answers. */
export default async function ListingsPage() {
  const session = await currentSession();
  const member = organizationMemberOf(session);
  if (!session) {
    return (
      <AppPageShell section="Our places" width="wide">
        <SignInRedirect callbackUrl="/listings" message="This page lists the places your organization keeps. Taking you to sign in…" />
      </AppPageShell>
    );
  }
  if (!member) {
    return (
      <AppPageShell section="Our places" width="wide">
        <h1 className="mb-2 text-2xl font-semibold text-ink">Our places</h1>
        <p className="text-slate-700">You are not exploring as an organization: organizations keep places, and you belong to none, or have not chosen one in the header.</p>
      </AppPageShell>
    );
  }
  const { owned, claims } = await organizationPlaces(ownerDeps(), member);
  return (
    <AppPageShell section="Our places" width="wide">
      <h1 className="mb-1 text-2xl font-semibold text-ink">Places {member.organizationName} keeps</h1>
      <p className="mb-6 text-sm text-slate-600">Claim a place from its card on the map; a platform administrator answers each claim.</p>
      <OrganizationListings owned={owned} claims={claims} />
    </AppPageShell>
  );
}
