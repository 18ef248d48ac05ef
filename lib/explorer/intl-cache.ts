/**
 * Intl formatters are costly to build (each one loads its locale and time-zone data): a list of 20 results built
 * about 80 of them on every render, the largest share of the app's own time while the page hydrates on a phone.
 * Each one is built once per distinct set of options here and shared.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A shared `Intl.DateTimeFormat`; throws as its constructor does (an unknown time zone). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const counts = new Intl.NumberFormat('en-US');

/** `12345` as `12,345`: `toLocaleString('en-US')` without a new formatter per call. */
export const formatCount = (n: number): string => counts.format(n);
