import { describe, expect, it } from 'vitest';
import { sameAddress } from '@/lib/identity/email-address';

describe('sameAddress', () => {
  it('is one address in any capitals and with spaces around it, and never a missing one', () => {
    expect(sameAddress('Dan.Dealer@Example.com', ' dan.dealer@example.com ')).toBe(true);
    expect(sameAddress('dan@example.com', 'dana@example.com')).toBe(false);
    expect(sameAddress('dan@example.com', null)).toBe(false);
    expect(sameAddress('dan@example.com', undefined)).toBe(false);
  });
});
