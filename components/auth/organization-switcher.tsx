'use client';

import { useId } from 'react';
import { membershipLabel, type SessionOrganization } from '@/lib/auth/types';
import { OrganizationLabel } from './organization-label';
import { useOrganizationSwitch } from './use-organization-switch';

/**
 * The organizations the person explores as. Switching stays on the page: the server keeps the choice in a cookie,
 * the place queries (keyed by organization) are asked again as the new organization, and server parts re-render;
 * on a members page, the page moves to the new organization's members.
 */
export function OrganizationSwitcher({
  organizations,
  activeId,
  variant = 'header',
}: {
  organizations: SessionOrganization[];
  activeId: string | null;
  /** `menu`: inside the account menu on phones, full width with a visible label. */
  variant?: 'header' | 'menu';
}) {
  const { selected, pending, announcement, error, selectHandlers } = useOrganizationSwitch(organizations, activeId);
  const id = useId();

  if (organizations.length === 0) return null;
  if (organizations.length === 1) return variant === 'menu' ? null : <OrganizationLabel organization={organizations[0]} />;

  const menu = variant === 'menu';
  return (
    <div className={menu ? 'relative flex flex-col gap-1' : 'relative flex items-center gap-2'}>
      <label htmlFor={id} className={menu ? 'text-xs font-medium text-slate-600' : 'sr-only'}>
        Organization
      </label>
      <select
        id={id}
        value={selected}
        // Not disabled while switching: that would drop the keyboard's focus to the page.
        aria-busy={pending}
        {...selectHandlers}
        className={`${menu ? 'w-full' : 'max-w-72 lg:max-w-md'} truncate rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-ink hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-busy:opacity-70`}
        data-testid="organization-switcher"
      >
        {organizations.map((org) => (
          <option key={org.id} value={org.id}>
            {org.name} — {membershipLabel(org)}
          </option>
        ))}
      </select>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error ? (
        <p role="alert" className={menu ? 'rounded-md bg-red-50 px-2 py-1 text-xs text-red-800' : 'absolute top-full right-0 mt-1 w-64 rounded-md bg-red-50 px-2 py-1 text-xs text-red-800 shadow'}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
