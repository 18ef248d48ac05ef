import { describe, expect, it } from 'vitest';
import { organizationToFollow } from '@/lib/auth/organization-to-follow';

describe('the organization the switcher follows on a members page', () => {
  it('is the first one the page shows when the switcher names another', () => {
    expect(organizationToFollow(['org-summit-rv'], 'org-lakeside-tourism')).toBe('org-summit-rv');
    expect(organizationToFollow(['org-a', 'org-b'], 'org-c')).toBe('org-a');
    expect(organizationToFollow(['org-a'], null)).toBe('org-a');
  });

  it('is none when the switcher names one the page shows, or the page shows none', () => {
    expect(organizationToFollow(['org-a', 'org-b'], 'org-b')).toBeUndefined();
    expect(organizationToFollow([], 'org-a')).toBeUndefined();
  });
});
