import { describe, expect, it } from 'vitest';
import { parseUserClaim } from '@/lib/auth/user-claim';

const spec = JSON.stringify({
  id: 'acct-1',
  organizations: [
    { isAdministrator: true, organization: { id: 'org-summit-rv', name: 'Summit RV Dealers Group' }, roles: [] },
    {
      organization: { id: 'org-lakeside-tourism', name: 'Lakeside Tourism Office' },
      roles: [{ role: { id: 'role-lakeside-viewer', name: 'Viewer' } }],
    },
  ],
});

function collect() {
  const warnings: string[] = [];
  return { warnings, warn: (message: string) => void warnings.push(message) };
}

describe('parseUserClaim', () => {
  it('reads the spec shape into ids, names, role names and the administrator flag', () => {
    const { warnings, warn } = collect();
    expect(parseUserClaim(spec, warn)).toEqual([
      { id: 'org-summit-rv', name: 'Summit RV Dealers Group', roles: [], admin: true },
      { id: 'org-lakeside-tourism', name: 'Lakeside Tourism Office', roles: ['Viewer'], admin: false },
    ]);
    expect(warnings).toEqual([]);
  });

  it('accepts an already-parsed object and a user with no organizations', () => {
    const { warnings, warn } = collect();
    expect(parseUserClaim({ id: 'x', organizations: [] }, warn)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['not JSON', '{"organizations": ['],
    ['a number', 42],
    ['without organizations', JSON.stringify({ id: 'x' })],
    ['organizations not an array', JSON.stringify({ organizations: { id: 'org' } })],
    ['an organization without an id', JSON.stringify({ organizations: [{ organization: { name: 'No id' }, roles: [] }] })],
    ['roles of the wrong shape', JSON.stringify({ organizations: [{ organization: { id: 'o', name: 'O' }, roles: ['Viewer'] }] })],
  ])('signs in with no organizations and a warning when the claim is %s', (_label, claim) => {
    const { warnings, warn } = collect();
    expect(parseUserClaim(claim, warn)).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('merges a membership listed twice', () => {
    const claim = JSON.stringify({
      organizations: [
        { organization: { id: 'o', name: 'O' }, roles: [{ role: { id: 'r1', name: 'Editor' } }] },
        { isAdministrator: true, organization: { id: 'o', name: 'O' }, roles: [{ role: { id: 'r1', name: 'Editor' } }] },
      ],
    });
    expect(parseUserClaim(claim, () => {})).toEqual([{ id: 'o', name: 'O', roles: ['Editor'], admin: true }]);
  });

  it('keeps at most 50 organizations so the cookie stays small', () => {
    const { warnings, warn } = collect();
    const organizations = Array.from({ length: 60 }, (_, i) => ({ organization: { id: `o${i}`, name: `Org ${i}` }, roles: [] }));
    expect(parseUserClaim(JSON.stringify({ organizations }), warn)).toHaveLength(50);
    expect(warnings).toHaveLength(1);
  });
});
