const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Countries whose addresses name the state or province (`Denver, CO`, `Calgary, AB`); elsewhere the country is named. */
const STATE_IN_ADDRESS = new Set(['US', 'CA']);

/** Where a place is, in a few words: its city and its state (US, Canada) or its country. */
export function localityOf(location: { city?: string | null; state?: string | null; country?: string | null } | undefined): string {
  if (!location) return '';
  const country = location.country ?? '';
  const region = STATE_IN_ADDRESS.has(country) ? location.state : country && (countryNames.of(country) ?? country);
  return [location.city, region].filter(Boolean).join(', ');
}
