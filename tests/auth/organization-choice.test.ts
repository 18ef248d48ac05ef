import { describe, expect, it } from 'vitest';
import { chooseActiveOrganization, decideOrganizationSwitch } from '@/lib/auth/organization-choice';
import type { SessionOrganization } from '@/lib/auth/types';

const summit: SessionOrganization = { id: 'org-summit-rv', name: 'Summit RV Dealers Group', roles: ['Sales Associate'], admin: false };
const roamwell: SessionOrganization = { id: 'org-roamwell', name: 'Roamwell RV Rentals', roles: ['Rental Agent'], admin: false };
const dealer = [summit, roamwell];

describe('chooseActiveOrganization', () => {
  it('uses the organization the cookie names when the session holds it', () => {
    expect(chooseActiveOrganization(dealer, 'org-roamwell')).toBe(roamwell);
  });

  it('ignores a forged or stale cookie and falls back to the first membership', () => {
    expect(chooseActiveOrganization(dealer, 'org-lakeside-tourism')).toBe(summit);
    expect(chooseActiveOrganization(dealer, undefined)).toBe(summit);
    expect(chooseActiveOrganization(dealer, '')).toBe(summit);
  });

  it('gives no organization to a person without memberships, whatever the cookie says', () => {
    expect(chooseActiveOrganization([], 'org-summit-rv')).toBeNull();
  });
});

describe('decideOrganizationSwitch', () => {
  it('accepts an organization the session holds', () => {
    expect(decideOrganizationSwitch(dealer, 'org-roamwell')).toEqual({ ok: true, organization: roamwell });
  });

  it('refuses an organization the session does not hold with 403', () => {
    expect(decideOrganizationSwitch(dealer, 'org-lakeside-tourism')).toMatchObject({ ok: false, status: 403 });
    expect(decideOrganizationSwitch([], 'org-summit-rv')).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses a signed-out caller with 401 and a malformed id with 400', () => {
    expect(decideOrganizationSwitch(null, 'org-summit-rv')).toMatchObject({ ok: false, status: 401 });
    expect(decideOrganizationSwitch(dealer, 42)).toMatchObject({ ok: false, status: 400 });
    expect(decideOrganizationSwitch(dealer, undefined)).toMatchObject({ ok: false, status: 400 });
  });
});
