import { describe, expect, it } from 'vitest';
import { tripSections, type ListedTrip } from '@/lib/trips/trip-sections';

const org = (id: string, name: string) => ({ id, name, roles: [], admin: false });
const trip = (id: string, owned: boolean, organizationId: string | null): ListedTrip => ({
  id,
  name: id,
  ownerId: owned ? 'me' : 'teammate',
  organizationId,
  stopCount: 2,
  updatedAt: '2026-11-01T00:00:00Z',
  owned,
});
const ORGS = [org('org-a', 'Alpha'), org('org-b', 'Bravo'), org('org-c', 'Charlie')];
const TRIPS = [trip('mine-private', true, null), trip('mine-shared', true, 'org-a'), trip('from-a', false, 'org-a'), trip('from-b', false, 'org-b')];

describe('My trips sections', () => {
  it('lists my own trips first, shared or not, then each organization’s trips from teammates', () => {
    const sections = tripSections(TRIPS, ORGS, null);
    expect(sections.map((s) => [s.title, s.trips.map((t) => t.id)])).toEqual([
      ['Your trips', ['mine-private', 'mine-shared']],
      ['Shared with Alpha', ['from-a']],
      ['Shared with Bravo', ['from-b']],
    ]);
  });

  it('puts the organization picked in the switcher first among the shared, marked, even when nothing is shared with it', () => {
    expect(tripSections(TRIPS, ORGS, 'org-b').map((s) => [s.key, s.current])).toEqual([
      ['mine', false],
      ['org-b', true],
      ['org-a', false],
    ]);
    const empty = tripSections(TRIPS, ORGS, 'org-c');
    expect(empty[1]).toMatchObject({ key: 'org-c', current: true, trips: [] });
  });

  it('never lists a trip under an organization the person is not in', () => {
    const sections = tripSections([trip('elsewhere', false, 'org-z')], ORGS, 'org-a');
    expect(sections.flatMap((s) => s.trips)).toEqual([]);
  });
});
