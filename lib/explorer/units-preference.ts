import type { Units } from './geo';

/** The cookie that remembers a person's units, for every page (the server renders the first HTML in them). */
export const UNITS_COOKIE = 'units';
const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Where road distances are signed in miles: the United States and its territories, the United Kingdom and its Crown
 * Dependencies, Liberia and Myanmar. Everywhere else drives in kilometers.
 */
const MILES_REGIONS = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'GB', 'IM', 'JE', 'GG', 'LR', 'MM']);

export const isUnits = (value: unknown): value is Units => value === 'km' || value === 'mi';

/** A language tag's units: by its region (`en-GB`), or by the region its language is most likely from (`en` → US). */
export function unitsOfLocale(tag: string): Units | null {
  try {
    const locale = new Intl.Locale(tag);
    const region = locale.region ?? locale.maximize().region;
    return region ? (MILES_REGIONS.has(region.toUpperCase()) ? 'mi' : 'km') : null;
  } catch {
    return null;
  }
}

/** The browser's languages from an Accept-Language header, most preferred first (`*` and malformed entries left out). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((l) => l.tag && l.tag !== '*' && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((l) => l.tag);
}

/**
 * The units to show someone who has not chosen in this view: the choice they made before (the cookie), else those
 * of the browser's first language, else kilometers. A link's own `units` still wins over both (url-state.ts).
 */
export function preferredUnits(saved: string | null | undefined, acceptLanguage: string | null | undefined): Units {
  if (isUnits(saved)) return saved;
  const first = acceptedLanguages(acceptLanguage)[0];
  return (first && unitsOfLocale(first)) || 'km';
}

/** The Set-Cookie value (as `document.cookie` takes it) that remembers a choice for a year. */
export function unitsCookie(units: Units): string {
  return `${UNITS_COOKIE}=${units}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}
