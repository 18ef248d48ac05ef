import { describe, expect, it } from 'vitest';
import { claimCodeTyped } from '@/lib/owners/claim-code-shape';

describe('a claim code as typed', () => {
  it('takes six digits, grouped by spaces or not, and nothing else', () => {
    expect(claimCodeTyped('042917')).toBe('042917');
    expect(claimCodeTyped(' 042 917 ')).toBe('042917');
    for (const typed of ['42917', '0429170', '04291a', '', null, 42917, undefined]) expect(claimCodeTyped(typed)).toBeNull();
  });
});
