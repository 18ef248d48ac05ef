// Issue 49: the fuel cost says its currency ("about 472.9" said none), the traveler's by default, chosen by them.
import { describe, expect, it } from 'vitest';
import { currencyForLocale, formatMoney, isFuelCurrency } from '@/lib/trips/currency';

describe('the fuel cost’s currency', () => {
  it('starts from the region of the browser’s language', () => {
    expect(currencyForLocale('en-US')).toBe('USD');
    expect(currencyForLocale('en-CA')).toBe('CAD');
    expect(currencyForLocale('fr-CA')).toBe('CAD');
    expect(currencyForLocale('de-DE')).toBe('EUR');
    expect(currencyForLocale('en-GB')).toBe('GBP');
    // A language alone names its likeliest region.
    expect(currencyForLocale('de')).toBe('EUR');
    expect(currencyForLocale('en')).toBe('USD');
  });

  it('falls back to US dollars for a region it does not offer, or no language', () => {
    expect(currencyForLocale('ja-JP')).toBe('USD');
    expect(currencyForLocale(undefined)).toBe('USD');
    expect(currencyForLocale('not a locale!')).toBe('USD');
  });

  it('writes an amount with its symbol and two decimals, in the traveler’s language', () => {
    expect(formatMoney(472.9, 'USD', 'en-US')).toBe('$472.90');
    expect(formatMoney(472.9, 'EUR', 'de-DE')).toBe('472,90\u00a0€');
    expect(formatMoney(1234.5, 'CAD', 'en-CA')).toBe('$1,234.50');
  });

  it('accepts only the currencies it offers', () => {
    expect(isFuelCurrency('EUR')).toBe(true);
    expect(isFuelCurrency('eur')).toBe(false);
    expect(isFuelCurrency('XYZ')).toBe(false);
  });
});
