import Link from 'next/link';
import { membershipLabel, type SessionSummary } from '@/lib/auth/types';
import { AccountMenu } from './account-menu';
import { OrganizationSwitcher } from './organization-switcher';
import { SignInButton } from './sign-in-button';

export function AccountControls({ summary }: { summary: SessionSummary }) {
  if (!summary.signedIn) {
    // Trips are for everyone to find: signed out, the page says what they are and asks to sign in.
    return (
      <div className="flex items-center gap-2">
        <Link href="/trips" className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-ink">
          Trips
        </Link>
        <SignInButton />
      </div>
    );
  }
  const active = summary.organizations.find((o) => o.id === summary.activeOrganizationId);
  return (
    <div className="flex items-center gap-2">
      <Link href="/trips" className="hidden rounded px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-ink sm:block">
        My trips
      </Link>
      <div className="hidden sm:block">
        <OrganizationSwitcher organizations={summary.organizations} activeId={summary.activeOrganizationId} />
      </div>
      <AccountMenu
        name={summary.user.name}
        email={summary.user.email}
        administers={summary.administers}
        moderates={summary.moderates}
        exploringAs={active ? `${active.name} · ${membershipLabel(active)}` : null}
      >
        {/* On phones the switcher lives in the menu: the header has no room for it. */}
        {summary.organizations.length > 1 ? (
          <div className="border-b border-slate-100 px-2 py-2 sm:hidden">
            <OrganizationSwitcher organizations={summary.organizations} activeId={summary.activeOrganizationId} variant="menu" />
          </div>
        ) : null}
      </AccountMenu>
    </div>
  );
}
