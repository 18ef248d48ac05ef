import type { SessionOrganization } from '@/lib/auth/types';
import type { TripSummary } from './model';

export type ListedTrip = TripSummary & { owned: boolean };

export interface TripSection {
  key: string;
  title: string;
  /** The organization the person explores as (picked in the organization switcher). */
  current: boolean;
  trips: ListedTrip[];
}

/**
 * My trips, grouped: the person's own trips, then what teammates shared with each of their organizations, the
 * organization picked in the switcher first (shown even when empty, so a switch always shows its trips).
 */
export function tripSections(trips: ListedTrip[], organizations: SessionOrganization[], activeOrganizationId: string | null): TripSection[] {
  const sections: TripSection[] = [{ key: 'mine', title: 'Your trips', current: false, trips: trips.filter((t) => t.owned) }];
  const ordered = [...organizations].sort((a, b) => Number(b.id === activeOrganizationId) - Number(a.id === activeOrganizationId));
  for (const org of ordered) {
    const shared = trips.filter((t) => !t.owned && t.organizationId === org.id);
    const current = org.id === activeOrganizationId;
    if (shared.length || current) sections.push({ key: org.id, title: `Shared with ${org.name}`, current, trips: shared });
  }
  return sections;
}
