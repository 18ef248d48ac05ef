import { MAX_CLOSURES } from '@/lib/owners/listing-input';
import { typedDayOf } from '@/lib/owners/typed-hours';
import type { Listing, ListingDraft } from './listing-api';

export const WEEK = [
  ['mon_open_close', 'Monday'],
  ['tue_open_close', 'Tuesday'],
  ['wed_open_close', 'Wednesday'],
  ['thu_open_close', 'Thursday'],
  ['fri_open_close', 'Friday'],
  ['sat_open_close', 'Saturday'],
  ['sun_open_close', 'Sunday'],
] as const;

export const SCHEDULE_NAMES: Record<string, string> = {
  '<default>': 'Regular hours',
  summer: 'Summer (June to August)',
  holiday: 'Public holidays',
  kitchen: 'Kitchen',
};

export interface ClosureRow {
  /** The form's own key for the row (new rows have no id yet). */
  key: string;
  id?: number;
  start_date: string;
  end_date: string;
  reason: string;
}

/** What the owner's form holds: hours as typed, closures as rows, the rest as the inputs show them. */
export interface ListingForm {
  hours: Record<string, Record<string, string>>;
  closures: ClosureRow[];
  phone: string;
  email: string;
  website: string;
  description: string;
  rv: { makes: string[]; amenities: string; rental: boolean } | null;
}

export function formOfListing(listing: Listing): ListingForm {
  const hours: ListingForm['hours'] = {};
  for (const [name, schedule] of Object.entries(listing.hours)) {
    if (!schedule) continue;
    hours[name] = Object.fromEntries(WEEK.map(([day]) => [day, typedDayOf(schedule[day])]));
  }
  if (!hours['<default>']) hours['<default>'] = Object.fromEntries(WEEK.map(([day]) => [day, '']));
  return {
    hours,
    closures: listing.temporary_closures.map((c) => ({ key: `c${c.id}`, ...c })),
    phone: listing.contact_info.phone,
    email: listing.contact_info.email,
    website: listing.contact_info.website,
    description: listing.description,
    rv: listing.rv_service && { makes: listing.rv_service.serviced_makes, amenities: listing.rv_service.dealer_amenities.join(', '), rental: listing.rv_service.rental_available },
  };
}

/** The form's parts, as a person names them, with what each holds. */
const SECTIONS: [string, (form: ListingForm) => unknown][] = [
  ['the hours', (f) => f.hours],
  ['the closures', (f) => f.closures.map(({ start_date, end_date, reason }) => [start_date, end_date, reason])],
  ['the phone, e-mail or website', (f) => [f.phone, f.email, f.website]],
  ['the description', (f) => f.description],
  ['the RV service', (f) => f.rv],
];

/** The parts of a listing another editor changed between two versions of it ("the hours", "the closures"). */
export function sectionsChanged(before: Listing, after: Listing): string[] {
  const [was, is] = [formOfListing(before), formOfListing(after)];
  return SECTIONS.filter(([, part]) => JSON.stringify(part(was)) !== JSON.stringify(part(is))).map(([name]) => name);
}

const blankWeek = (week: Record<string, string>) => Object.values(week).every((d) => d.trim() === '');

/**
 * The edit the form sends: every field, the hours left out while the place's are unknown and the form's are blank
 * (sending them would say "closed all week").
 */
export function draftOfForm(form: ListingForm, listing: Listing): ListingDraft {
  const unknownHours = Object.keys(listing.hours).length === 0 && Object.values(form.hours).every(blankWeek);
  return {
    ...(unknownHours ? {} : { hours: form.hours }),
    temporary_closures: form.closures.map(({ id, start_date, end_date, reason }) => ({ ...(id === undefined ? {} : { id }), start_date, end_date, reason })),
    contact_info: { phone: form.phone, email: form.email, website: form.website },
    description: form.description,
    ...(form.rv
      ? {
          rv_service: {
            serviced_makes: form.rv.makes,
            dealer_amenities: form.rv.amenities
              .split(',')
              .map((a) => a.trim())
              .filter(Boolean),
            rental_available: form.rv.rental,
          },
        }
      : {}),
  };
}

// The refusals the form shows beside a field of its own; any other (the whole listing, a whole section) goes in the
// form's alert.
const SHOWN_BESIDE = [/^hours\.[^.]+(\.\w+)?$/, /^temporary_closures(\.\d+\.\w+)?$/, /^contact_info\.\w+$/, /^description$/, /^rv_service\.(serviced_makes|dealer_amenities)(\.\d+)?$/];

/** The refusals no field of the form shows. */
export function refusalsWithoutField(fields: Record<string, string>): string[] {
  return Object.entries(fields)
    .filter(([key]) => !SHOWN_BESIDE.some((pattern) => pattern.test(key)))
    .map(([key, message]) => `${key}: ${message}`);
}

/** Keys of the rows added for holidays: unique, so that a holiday added again never shares a row's ids. */
let holidayRows = 0;

/**
 * The form's closures with a one-day closure for each public holiday no closure covers yet, up to the listing's
 * limit: what was added, and how many did not fit.
 */
export function withHolidayClosures(closures: ClosureRow[], holidays: { date: string; name: string }[]): { rows: ClosureRow[]; added: number; left: number } {
  const covered = (date: string) => closures.some((c) => c.start_date && c.end_date && c.start_date <= date && date <= c.end_date);
  const missing = holidays.filter((h) => !covered(h.date));
  const fit = missing.slice(0, Math.max(0, MAX_CLOSURES - closures.length));
  const rows = [...closures, ...fit.map((h) => ({ key: `holiday${holidayRows++}`, start_date: h.date, end_date: h.date, reason: h.name }))];
  return { rows, added: fit.length, left: missing.length - fit.length };
}
