import { describe, expect, it } from 'vitest';
import { NIGHTS_SENTENCE, nightsEntry, nightsKeptSentence } from '@/lib/trips/nights-entry';

describe('a stop’s nights as typed', () => {
  it('saves a whole number from 0 to 365', () => {
    expect(nightsEntry('0')).toEqual({ save: 0 });
    expect(nightsEntry(' 3 ')).toEqual({ save: 3 });
    expect(nightsEntry('365')).toEqual({ save: 365 });
  });

  it('says why anything else is not saved', () => {
    expect(nightsEntry('')).toEqual({ wait: true });
    for (const typed of ['-3', '400', '2.5', '1e2', 'two']) expect(nightsEntry(typed)).toEqual({ invalid: NIGHTS_SENTENCE });
    expect(nightsEntry('', true)).toEqual({ invalid: NIGHTS_SENTENCE });
    expect(NIGHTS_SENTENCE).toBe('Nights are a whole number from 0 to 365.');
    expect(nightsKeptSentence(1)).toBe('Nights are a whole number from 0 to 365: the stop keeps 1 night.');
  });
});
