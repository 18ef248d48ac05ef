import { describe, expect, it } from 'vitest';
import { describeAuditEntry, withNames } from '@/lib/auth/audit-wording';

const entry = (action: string, subject: string, details: Record<string, unknown> = {}) => ({ id: 1, at: '2026-11-23T10:00:00.000Z', actor: 'demo seed', action, subject, details });

describe('audit entries in words', () => {
  it.each([
    [entry('membership.added', 'dealer', { administrator: false, roles: ['Sales Associate'] }), 'Added dealer as a member (Sales Associate)'],
    [entry('membership.added', 'admin', { administrator: true, roles: [] }), 'Added admin as an administrator'],
    [
      entry('membership.changed', 'dealer', { from: { administrator: false, roles: ['Sales Associate'] }, to: { administrator: true, roles: [] } }),
      'Changed dealer from a member (Sales Associate) to an administrator',
    ],
    [entry('membership.removed', 'traveler', { administrator: false, roles: [] }), 'Removed traveler (was a member)'],
    [entry('role.created', 'Mechanic'), 'Created the role Mechanic'],
    [entry('places_client.rotated', 'Acme (pc_1)', { previousKeyValidHours: 24 }), 'Rotated the secret key of Acme (pc_1); the previous key works for 24 more hours'],
    [entry('places_client.rotated', 'Acme (pc_1)', { previousKeyValidHours: 0 }), 'Rotated the secret key of Acme (pc_1); the previous key stopped working at once'],
    [entry('something.new_kind', 'x'), 'something new kind: x'],
  ])('%#: %j', (e, words) => {
    expect(describeAuditEntry(e)).toBe(words);
  });
});

describe('withNames', () => {
  it('says accounts by their names and leaves the rest (an address, the seed, an account without a name) as recorded', () => {
    const e = { id: 1, at: '2026-11-29T10:00:00Z', action: 'membership.added', actor: 'admin', actorName: 'Ada Admin', subject: 'dealer', subjectName: 'Dan Dealer', details: {} };
    expect(withNames(e)).toMatchObject({ actor: 'Ada Admin', subject: 'Dan Dealer' });
    expect(withNames({ ...e, actor: 'demo seed', actorName: null, subject: 'ivy@example.com', subjectName: null })).toMatchObject({ actor: 'demo seed', subject: 'ivy@example.com' });
  });
});
