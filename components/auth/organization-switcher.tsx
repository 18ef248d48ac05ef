'use client';

import { useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useId, useRef, useState, useTransition } from 'react';
import { membersPathFor, postActiveOrganization } from '@/lib/auth/post-active-organization';
import { membershipLabel, type SessionOrganization } from '@/lib/auth/types';
import { accountQuery } from '@/lib/explorer/queries/account-query';

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
  const [optimistic, setOptimistic] = useState<string | null>(null);
  // An arrow key on a closed select changes its value at once: the keyboard browses the organizations first and
  // switches on Enter or on leaving the field, so a later one can be reached without switching to each on the way.
  const [browsed, setBrowsed] = useState<string | null>(null);
  const browsing = useRef(false);
  const [announcement, setAnnouncement] = useState('');
  // The choice shows until the server's answer names it active: clearing it sooner showed the old one for a moment.
  if (optimistic !== null && optimistic === activeId) setOptimistic(null);
  const selected = optimistic ?? browsed ?? activeId ?? organizations[0]?.id ?? '';
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const id = useId();

  if (organizations.length === 0) return null;
  if (organizations.length === 1) {
    if (variant === 'menu') return null;
    const only = organizations[0];
    return (
      <span className="hidden max-w-64 truncate text-slate-600 sm:inline" data-testid="organization-label">
        <span className="font-medium text-ink">{only.name}</span> · {membershipLabel(only)}
      </span>
    );
  }

  const change = (organizationId: string) => {
    setBrowsed(null);
    if (organizationId === activeId) return;
    setOptimistic(organizationId);
    setError(null);
    setAnnouncement('');
    startTransition(async () => {
      try {
        await postActiveOrganization(organizationId);
        // Answers cached for any organization are out of date now; the page moves to the new organization's keys.
        await queryClient.invalidateQueries({ queryKey: ['places'], refetchType: 'none' });
        queryClient.setQueryData(accountQuery().queryKey, organizationId);
        // On a members page, the page follows the switcher: it shows the organization just chosen.
        const members = membersPathFor(pathname, organizationId);
        if (members) router.push(members);
        else router.refresh();
        setAnnouncement(`Exploring as ${organizations.find((o) => o.id === organizationId)?.name ?? 'the organization chosen'}.`);
      } catch (err) {
        setError((err as Error).message);
        setOptimistic(null);
      }
    });
  };

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
        onKeyDown={(e) => {
          if (e.key === 'Enter' && browsed) {
            e.preventDefault();
            change(browsed);
          } else browsing.current = e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'PageUp' || e.key === 'PageDown' || e.key.length === 1;
        }}
        onChange={(e) => {
          if (browsing.current) setBrowsed(e.target.value);
          else change(e.target.value);
        }}
        onBlur={() => {
          browsing.current = false;
          if (browsed) change(browsed);
        }}
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
