import { describe, expect, it } from 'vitest';
import { invitationSentence, roleWords } from '@/lib/identity/self-service/invitation-words';

describe('an invitation in words', () => {
  it('names who invites, to what, and as what', () => {
    expect(invitationSentence({ inviter: 'Ada Admin', organization: 'Summit RV Dealers Group', isAdministrator: false, roles: ['Service Advisor'] })).toBe(
      'Ada Admin invited you to join Summit RV Dealers Group as Service Advisor.',
    );
  });

  it('says administrator, every role, or a plain member', () => {
    expect(roleWords({ isAdministrator: true, roles: ['Viewer'] })).toBe('an administrator');
    expect(roleWords({ isAdministrator: false, roles: [] })).toBe('a member');
    expect(roleWords({ isAdministrator: false, roles: ['Sales Associate', 'Service Advisor'] })).toBe('Sales Associate and Service Advisor');
    expect(roleWords({ isAdministrator: false, roles: ['A', 'B', 'C'] })).toBe('A, B and C');
  });
});
