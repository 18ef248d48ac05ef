'use client';

import { useId } from 'react';
import { AccountMenuPanel } from './account-menu-panel';
import { initials } from './initials';
import { useMenuDisclosure } from './use-menu-disclosure';

/** The signed-in person's menu: who they are, the members page for administrators, moderation for moderators, and sign-out everywhere. */
export function AccountMenu({
  name,
  email,
  administers,
  moderates,
  exploringAs,
  children,
}: {
  name: string | null;
  email: string | null;
  administers: boolean;
  moderates: boolean;
  /** "Summit RV Dealers Group · Administrator", or null for someone with no organization. */
  exploringAs: string | null;
  /** Extra controls at the top of the menu (the organization switcher on phones). */
  children?: React.ReactNode;
}) {
  const { open, toggle, root, button } = useMenuDisclosure();
  const panelId = useId();

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex items-center gap-2 rounded-full py-0.5 pr-2 pl-0.5 text-sm text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
          {initials(name, email)}
        </span>
        <span className="hidden max-w-40 truncate md:inline">{name ?? email ?? 'Account'}</span>
        <span className="sr-only md:hidden">Account menu</span>
      </button>
      {open ? (
        <AccountMenuPanel id={panelId} name={name} email={email} administers={administers} moderates={moderates} exploringAs={exploringAs}>
          {children}
        </AccountMenuPanel>
      ) : null}
    </div>
  );
}
