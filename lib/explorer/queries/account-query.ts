import { queryOptions } from '@tanstack/react-query';
import type { SessionSummary } from '@/lib/auth/types';
import { fetchJson } from '../fetch-json';

/** The account the place queries are asked with: the active organization's id, or `public` for the public client. */
export type PlacesAccount = string;
export const PUBLIC_ACCOUNT: PlacesAccount = 'public';

/**
 * Which account the page is exploring with. Every place query is keyed by it, so one organization's answers are
 * never shown as another's, and a switch asks for the new organization's at once. The server seeds it; the
 * organization switcher sets it.
 */
export function accountQuery() {
  return queryOptions({
    queryKey: ['session', 'places-account'],
    queryFn: ({ signal }) =>
      fetchJson<SessionSummary>('/api/session', signal).then((s): PlacesAccount => (s.signedIn && s.activeOrganizationId) || PUBLIC_ACCOUNT),
    staleTime: Infinity,
  });
}
