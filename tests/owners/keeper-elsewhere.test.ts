import { describe, expect, it } from 'vitest';
import { keeperElsewhere } from '@/lib/owners/keeper-elsewhere';
import type { Ownership } from '@/lib/owners/store/types';

const summit = { id: 'org-summit', name: 'Summit RV', roles: [], admin: true };
const lakeside = { id: 'org-lakeside', name: 'Lakeside Tourism', roles: ['viewer'], admin: false };
const store = { ownership: async (placeId: number) => (placeId === 1 ? { placeId, organizationId: 'org-summit', organizationName: 'Summit RV', since: '2026-12-01', version: 3, updatedAt: null } as Ownership : null) };

describe('the organization of the person’s that keeps a place they do not explore as', () => {
  it('is the keeper when the person belongs to it and explores as another', async () => {
    expect(await keeperElsewhere(store, 1, { organizations: [lakeside, summit], activeOrganization: lakeside })).toEqual(summit);
  });

  it('is none when they explore as the keeper, do not belong to it, or nobody keeps the place', async () => {
    expect(await keeperElsewhere(store, 1, { organizations: [lakeside, summit], activeOrganization: summit })).toBeNull();
    expect(await keeperElsewhere(store, 1, { organizations: [lakeside], activeOrganization: lakeside })).toBeNull();
    expect(await keeperElsewhere(store, 2, { organizations: [lakeside, summit], activeOrganization: lakeside })).toBeNull();
  });
});
