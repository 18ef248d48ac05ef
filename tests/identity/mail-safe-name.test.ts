// The inviter's name in an invitation mail: a name reads as a name, anything else leaves the mail unnamed.
import { describe, expect, it } from 'vitest';
import { mailSafeName } from '@/lib/identity/mail/mail-safe-name';

describe('mailSafeName', () => {
  it.each(['Ada Admin', 'Zoë O’Brien'.replace('’', "'"), 'Jean-Luc Picard', 'J. R. R. Tolkien', 'Łukasz Żółć', '李 小龙'])('keeps %s', (name) => {
    expect(mailSafeName(name)).toBe(name);
  });

  it('folds runs of white space, line breaks included', () => {
    expect(mailSafeName('  Ada \n Admin ')).toBe('Ada Admin');
  });

  it.each([
    ['a link', 'Visit evil.example now'],
    ['a scheme', 'https://evil.example'],
    ['an address', 'ada@evil.example'],
    ['digits', 'Call 555 0100'],
    ['markup', '<b>Ada</b>'],
    ['too long', 'A'.repeat(61)],
    ['nothing', '   '],
  ])('refuses %s', (_, name) => {
    expect(mailSafeName(name)).toBeNull();
  });
});
