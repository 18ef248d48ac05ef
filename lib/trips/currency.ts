/** The currencies a traveler may price fuel in: those of the countries a North American road trip crosses, and the common ones of visitors. */
export const FUEL_CURRENCIES = ['USD', 'CAD', 'MXN', 'EUR', 'GBP', 'AUD', 'NZD', 'CHF'] as const;
export type FuelCurrency = (typeof FUEL_CURRENCIES)[number];

const BY_REGION: Record<string, FuelCurrency> = {
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  GB: 'GBP',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  ...Object.fromEntries(['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'LU', 'NL', 'PT'].map((r) => [r, 'EUR' as const])),
};

export const isFuelCurrency = (value: string): value is FuelCurrency => (FUEL_CURRENCIES as readonly string[]).includes(value);

/** The currency of a browser language's region ("en-CA" → CAD, "de-DE" → EUR); US dollars when it names none we offer. */
export function currencyForLocale(locale: string | undefined): FuelCurrency {
  let region: string | undefined;
  try {
    region = locale ? new Intl.Locale(locale).maximize().region : undefined;
  } catch {
    region = undefined;
  }
  return (region && BY_REGION[region]) || 'USD';
}

/** An amount in a currency as the traveler's language writes it: "$472.90", "472,90 €". */
export function formatMoney(amount: number, currency: FuelCurrency, locale: string | undefined): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
