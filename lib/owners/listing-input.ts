import { z } from 'zod';
import { RV_SERVICED_MAKES } from '@/lib/places/catalog';
import type { Closure } from '@/lib/places/place-schema';
import { addDays } from '@/lib/places/status';
import { isoDate, plainText } from '@/lib/reviews/review-input';
import type { Listing } from './listing';
import { readTypedDay } from './typed-hours';

export const DAYS = ['sun_open_close', 'mon_open_close', 'tue_open_close', 'wed_open_close', 'thu_open_close', 'fri_open_close', 'sat_open_close'] as const;
/** The schedules an owner may keep: the ones whose meaning the API documents. */
export const SCHEDULES = ['<default>', 'summer', 'holiday', 'kitchen'] as const;
export const MAX_DESCRIPTION = 4000;
export const MAX_CLOSURES = 50;
export const MAX_CLOSURE_REASON = 200;
export const MAX_AMENITIES = 20;
export const MAX_AMENITY = 80;
/** How far back a closure may end: older ones say nothing about the place now. */
export const CLOSURE_DAYS_BACK = 365;
/** An edit as sent, with its JSON escapes and room to spare. */
export const MAX_LISTING_BODY_BYTES = 64 * 1024;

const typedDay = z
  .union([z.string().max(200, 'a day’s hours are 200 characters at most'), z.array(z.string().max(20)).max(12)], {
    error: (issue) => (issue.input === undefined ? 'give every day of the week: "closed" for a day closed' : 'a day’s hours are text such as 9am-5pm, or "closed"'),
  })
  .transform((typed, ctx) => {
  const day = readTypedDay(Array.isArray(typed) ? typed.join(', ') : typed);
  if (!day.ok) {
    ctx.addIssue({ code: 'custom', message: day.message });
    return z.NEVER;
  }
  return day.intervals;
});

const schedule = z.strictObject(Object.fromEntries(DAYS.map((d) => [d, typedDay])) as Record<(typeof DAYS)[number], typeof typedDay>, {
  message: 'a schedule names each day of the week: sun_open_close to sat_open_close',
});

const hours = z
  .record(z.string(), schedule)
  .refine((h) => Object.keys(h).every((name) => (SCHEDULES as readonly string[]).includes(name)), `schedules are named ${SCHEDULES.join(', ')}`)
  .refine((h) => Object.keys(h).length === 0 || '<default>' in h, 'other schedules go with a <default> one');

const phone = z
  .string()
  .trim()
  .max(40, 'a phone number is 40 characters at most')
  .refine((s) => s === '' || /^\+?[0-9 ().\-/]{5,}$/.test(s), 'a phone number is digits, spaces and + ( ) - . /');
const email = z.union([z.literal(''), z.email('not an e-mail address').max(254)]);
const website = z.union([
  z.literal(''),
  z
    .url({ protocol: /^https?$/, message: 'a website is an http or https address' })
    .max(500, 'a website address is 500 characters at most'),
]);

const description = z.union([z.literal(''), plainText('a description', MAX_DESCRIPTION)]);

function closures(today: string) {
  const earliestEnd = addDays(today, -CLOSURE_DAYS_BACK);
  const closure = z
    .strictObject({
      id: z.number().int().positive().optional(),
      start_date: isoDate,
      end_date: isoDate,
      reason: plainText('a reason', MAX_CLOSURE_REASON),
    })
    .refine((c) => c.end_date >= c.start_date, { message: 'a closure ends on or after its first day', path: ['end_date'] })
    .refine((c) => c.end_date >= earliestEnd, { message: `a closure that ended more than a year ago (before ${earliestEnd}) says nothing now: leave it out`, path: ['end_date'] });
  return z.array(closure).max(MAX_CLOSURES, `${MAX_CLOSURES} closures at most`);
}

const rvService = z.strictObject({
  serviced_makes: z
    .array(z.enum(RV_SERVICED_MAKES as [string, ...string[]], { message: `serviced makes are among ${RV_SERVICED_MAKES.join(', ')}` }))
    .refine((list) => new Set(list).size === list.length, 'each make once'),
  dealer_amenities: z.array(plainText('an amenity', MAX_AMENITY)).max(MAX_AMENITIES, `${MAX_AMENITIES} amenities at most`),
  rental_available: z.boolean({ message: 'rental_available is true or false' }),
});

/** An owner's edit: the version they read and the fields they change (the others stay). `today` from an injected clock. */
export function listingEditInput(today: string) {
  return z
    .strictObject(
      {
      version: z.number({ message: 'give the version of the listing you edited (a whole number)' }).int().min(0),
      hours: hours.optional(),
      temporary_closures: closures(today).optional(),
      contact_info: z.strictObject({ phone, email, website }).optional(),
      description: description.optional(),
      rv_service: rvService.optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `${issue.keys.join(', ')}: owners keep the hours, temporary_closures, contact_info, description and rv_service; the rest is the dataset’s`
            : undefined,
      },
    )
    .refine((e) => Object.keys(e).length > 1, { message: 'an edit changes at least one field', path: ['listing'] });
}

export type ListingEdit = Omit<z.infer<ReturnType<typeof listingEditInput>>, 'version'>;

/**
 * The closures of an edit with ids: a closure that names the id of one the place has keeps it; a new one gets the
 * next unused number, so trips' warnings and API clients can tell them apart.
 */
export function numberClosures(edited: ListingEdit['temporary_closures'] & object, current: Closure[]): Closure[] {
  const known = new Set(current.map((c) => c.id));
  let next = Math.max(0, ...current.map((c) => c.id), ...edited.map((c) => c.id ?? 0)) + 1;
  const used = new Set<number>();
  return edited.map((c) => {
    const id = c.id !== undefined && known.has(c.id) && !used.has(c.id) ? c.id : next++;
    used.add(id);
    return { id, start_date: c.start_date, end_date: c.end_date, reason: c.reason };
  });
}

/** The edit as the place's listing fields (closures numbered against the place's). */
export function listingFieldsOf(edit: ListingEdit, current: Listing): Partial<Listing> {
  const fields: Partial<Listing> = {};
  if (edit.hours) fields.hours = edit.hours as Listing['hours'];
  if (edit.temporary_closures) fields.temporary_closures = numberClosures(edit.temporary_closures, current.temporary_closures);
  if (edit.contact_info) fields.contact_info = edit.contact_info;
  if (edit.description !== undefined) fields.description = edit.description;
  if (edit.rv_service) fields.rv_service = edit.rv_service;
  return fields;
}
