import { useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useRef, useState, useTransition } from 'react';
import { membersPathFor, postActiveOrganization } from '@/lib/auth/post-active-organization';
import type { SessionOrganization } from '@/lib/auth/types';
import { accountQuery } from '@/lib/explorer/queries/account-query';

/**
 * The organization switcher's state: the organization shown (chosen, browsed with the keyboard, or active), the
 * switch itself (the server's cookie, the place queries, the page), its announcement or error, and the select's
 * handlers.
 */
export function useOrganizationSwitch(organizations: SessionOrganization[], activeId: string | null) {
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

  const selectHandlers = {
    onKeyDown: (e: React.KeyboardEvent<HTMLSelectElement>) => {
      if (e.key === 'Enter' && browsed) {
        e.preventDefault();
        change(browsed);
      } else browsing.current = e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'PageUp' || e.key === 'PageDown' || e.key.length === 1;
    },
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      if (browsing.current) setBrowsed(e.target.value);
      else change(e.target.value);
    },
    onBlur: () => {
      browsing.current = false;
      if (browsed) change(browsed);
    },
  };

  return { selected, pending, announcement, error, selectHandlers };
}
