import { describe, expect, it } from 'vitest';
import { localityOf } from '@/lib/explorer/locality';

describe('localityOf', () => {
  it('names the state in the US and Canada, the country elsewhere', () => {
    expect(localityOf({ city: 'Denver', state: 'CO', country: 'US' })).toBe('Denver, CO');
    expect(localityOf({ city: 'Calgary', state: 'AB', country: 'CA' })).toBe('Calgary, AB');
    expect(localityOf({ city: 'Lyon', state: '84', country: 'FR' })).toBe('Lyon, France');
    expect(localityOf({ city: 'Nowhere', state: '', country: '' })).toBe('Nowhere');
    expect(localityOf(undefined)).toBe('');
  });
});
