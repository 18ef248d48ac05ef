import { describe, expect, it } from 'vitest';
import { acceptedLanguages, preferredUnits, unitsCookie, unitsOfLocale } from '@/lib/explorer/units-preference';

describe('a person’s distance units (issue 40)', () => {
  it('are miles where roads are signed in miles (US, UK, Liberia, Myanmar), kilometers elsewhere', () => {
    expect(['en-US', 'es-US', 'en-GB', 'en-PR', 'en-LR', 'my-MM'].map(unitsOfLocale)).toEqual(['mi', 'mi', 'mi', 'mi', 'mi', 'mi']);
    expect(['en-CA', 'fr-CA', 'en-AU', 'en-IE', 'de-DE', 'en-IN'].map(unitsOfLocale)).toEqual(['km', 'km', 'km', 'km', 'km', 'km']);
    // A language without a region: the region it is most likely from.
    expect(unitsOfLocale('en')).toBe('mi');
    expect(unitsOfLocale('fr')).toBe('km');
    expect(unitsOfLocale('not a tag!')).toBeNull();
  });

  it('reads the browser’s languages in order of preference', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('de;q=0.5, en-US')).toEqual(['en-US', 'de']);
    expect(acceptedLanguages('en-GB;q=0')).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
  });

  it('are the saved choice first, then the browser’s first language, then kilometers', () => {
    expect(preferredUnits('km', 'en-US,en;q=0.9')).toBe('km');
    expect(preferredUnits('mi', 'de-DE')).toBe('mi');
    expect(preferredUnits(undefined, 'en-US,en;q=0.9')).toBe('mi');
    expect(preferredUnits('yards', 'en-GB')).toBe('mi');
    expect(preferredUnits(null, 'de-DE,en-US;q=0.5')).toBe('km');
    expect(preferredUnits(null, null)).toBe('km');
  });

  it('are remembered for a year on every page', () => {
    expect(unitsCookie('mi')).toBe('units=mi; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});
