// Issue 40: "Try again in 1 seconds".
import { describe, expect, it } from 'vitest';
import { waitWords } from '@/lib/identity/wait-words';

describe('how long to wait, in words', () => {
  it('says one second, seconds, then minutes, and never less than a second', () => {
    expect(waitWords(1)).toBe('1 second');
    expect(waitWords(0.2)).toBe('1 second');
    expect(waitWords(0)).toBe('1 second');
    expect(waitWords(1.5)).toBe('2 seconds');
    expect(waitWords(119)).toBe('119 seconds');
    expect(waitWords(120)).toBe('2 minutes');
    expect(waitWords(15 * 60)).toBe('15 minutes');
  });
});
