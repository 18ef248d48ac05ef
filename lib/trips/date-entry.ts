/**
 * What a date field's value means for the saved arrival date. A browser's date field reports each keystroke: typing
 * 12/01/2026 passes through `0002-12-01`, `0020-12-01`, `0202-12-01` and, while the year is empty, `''`. While the
 * person types, only a complete date with a four-digit year from 1900 is saved; when they leave the field, an empty
 * one clears the date, and anything else (a year before 1900, a part left out: the field's value is empty then, but
 * its `validity.badInput` is set) is refused without touching the saved date.
 */
export type DateEntry = { save: string | null } | { wait: true } | { invalid: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const plausibleYear = (year: string) => Number(year) >= 1900 && Number(year) <= 2999;

function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && plausibleYear(m[1]);
}

export function dateEntry(value: string, phase: 'typing' | 'done', incomplete = false): DateEntry {
  if (isRealDate(value)) return { save: value };
  if (phase === 'typing') return { wait: true };
  if (value === '' && !incomplete) return { save: null };
  // A whole date whose year is short (a "12" typed over the year of a date): the year is what to mend.
  const year = ISO_DATE.exec(value)?.[1];
  if (year && !plausibleYear(year)) return { invalid: 'Enter the year in four digits, such as 12/01/2026.' };
  return { invalid: 'Enter a whole date, such as 12/01/2026.' };
}
