import { describe, expect, it } from 'vitest';
import { initials } from '@/components/auth/initials';

describe('the initials on the account button', () => {
  it('takes the first letters of the first and last words of the name, letters and digits only', () => {
    expect(initials('Ada Admin', 'ada@example.com')).toBe('AA');
    expect(initials('  Jean-Luc  de la Tour ', null)).toBe('JT');
    expect(initials("Ó'Neil", null)).toBe('ÓN');
    expect(initials('<b>Rossi</b>', null)).toBe('BR');
    expect(initials('— Rossi', null)).toBe('RO');
  });

  it('falls back to the e-mail, then to a question mark', () => {
    expect(initials(null, 'tessa@example.com')).toBe('TE');
    expect(initials('  ', '_x@example.com')).toBe('XE');
    expect(initials('<>', null)).toBe('?');
  });
});
