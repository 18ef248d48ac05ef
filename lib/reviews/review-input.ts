import { z } from 'zod';

export const MAX_REVIEW_TEXT = 5000;
export const MAX_COMMENT_TEXT = 2000;
/** A review, comment or report as sent: the longest text with its JSON escapes (every character as \uXXXX) and room for the rest. */
export const MAX_REVIEW_BODY_BYTES = 64 * 1024;
export const MAX_REPORT_NOTE = 500;
/** The earliest visit a review may describe: older memories of a place say little about it today. */
export const EARLIEST_VISIT = '2000-01-01';

// Control characters (NUL, escape, DEL, the C1 range) and the bidirectional overrides that reorder what a reader sees
// have no place in text; line breaks and tabs do, and the zero-width joiner emoji are made of.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// The start of an element a browser would make ("<b>", "</a>", "<img/src=x ...>", "<!-- -->"), not "<3", "a<b",
// "<sigh>" or "<ann@example.com>": the names of HTML's elements followed by what ends a tag name.
const HTML_TAG =
  /<\/?(a|abbr|audio|b|base|blockquote|body|br|button|canvas|center|code|div|em|embed|font|form|frame|h[1-6]|head|hr|html|i|iframe|img|input|link|li|marquee|meta|object|ol|p|pre|script|select|small|source|span|strong|style|sub|sup|svg|table|td|textarea|th|title|tr|u|ul|video)(?=[\s/>])|<!/i;
// Character references a browser would turn into other characters ("&lt;", "&#60;"): a sign someone meant markup.
// "AT&T;" and "R&R;" are not references.
const HTML_ENTITY = /&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos|nbsp|copy|reg|trade|hellip|mdash|ndash|frac12|frac14|deg);/i;
// Something a reader can see: a text of zero-width spaces alone is empty.
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Plain text of 1 to `max` characters: no HTML, no control characters; line breaks kept, ends trimmed. */
export const plainText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${what} cannot be empty`)
    .refine((s) => s === '' || VISIBLE.test(s), `${what} cannot be empty`)
    .max(max, `${what} is at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), `${what} cannot contain control characters (line breaks and tabs are fine)`)
    .refine((s) => !HTML_TAG.test(s) && !HTML_ENTITY.test(s), `${what} is plain text: no HTML tags or character references`);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. A date picker left empty sends '', which is asked for, not explained. */
export const isoDate = z
  .string()
  .min(1, { error: 'choose a date', abort: true })
  .regex(DATE, 'a date is written YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a real date');

export const CARRIERS = ['att', 'verizon', 't-mobile', 'us-cellular', 'other'] as const;
export const HOOKUPS = ['electric_30', 'electric_50', 'water', 'sewer', 'none'] as const;
export const CURRENCIES = ['USD', 'CAD'] as const;

/** What RV travelers ask each other about a campground or an RV park. */
export const rvDetailsInput = z
  .object({
    /** The length of the rig that fit, in feet (the unit of North American campground listings). */
    rigLengthFt: z.number({ error: 'a rig length is a number of feet, such as 32' }).int('a rig length is whole feet').min(10, 'a rig is 10 feet long at least').max(65, 'a rig is 65 feet long at most').optional(),
    /** Signal by carrier, 0 (none) to 5 bars. */
    cellSignal: z
      .array(z.object({ carrier: z.enum(CARRIERS, { message: `a carrier is one of ${CARRIERS.join(', ')}` }), bars: z.number().int().min(0, 'bars run 0 to 5').max(5, 'bars run 0 to 5') }).strict())
      .max(CARRIERS.length)
      .refine((list) => new Set(list.map((c) => c.carrier)).size === list.length, 'each carrier once')
      .optional(),
    pricePerNight: z
      .object({ amount: z.number({ error: 'a price is a number, such as 45.50' }).min(0, 'a price is 0 or more').max(2000, 'a night is 2,000 at most'), currency: z.enum(CURRENCIES, { message: 'a price is in USD or CAD' }) })
      .strict()
      .optional(),
    hookups: z
      .array(z.enum(HOOKUPS, { message: `hookups are among ${HOOKUPS.join(', ')}` }))
      .max(HOOKUPS.length)
      .refine((list) => new Set(list).size === list.length, 'each hookup once')
      .refine((list) => !list.includes('none') || list.length === 1, '"none" goes alone')
      .optional(),
  })
  .strict();

export type RvDetails = z.infer<typeof rvDetailsInput>;

/**
 * A review as a traveler writes it. `today` is the server's date in UTC (from an injected clock); a visit may be dated
 * one day after it, since east of UTC the traveler's today can already be tomorrow.
 */
export function reviewInput(today: string) {
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return z
    .object({
      rating: z.number().int('a rating is a whole number of stars').min(1, 'a rating is 1 to 5 stars').max(5, 'a rating is 1 to 5 stars'),
      text: plainText('a review', MAX_REVIEW_TEXT),
      // Compared as text, which orders YYYY-MM-DD dates: only once the date is written so.
      visitedOn: isoDate
        .refine((d) => !DATE.test(d) || d <= latest, 'a visit cannot be in the future')
        .refine((d) => !DATE.test(d) || d >= EARLIEST_VISIT, `a visit is on ${EARLIEST_VISIT} or later`),
      rv: rvDetailsInput.optional(),
    })
    .strict();
}

export type ReviewInput = z.infer<ReturnType<typeof reviewInput>>;

export const commentInput = z.object({ text: plainText('a comment', MAX_COMMENT_TEXT) }).strict();

export const REPORT_REASONS = ['spam', 'offensive', 'not_about_this_place', 'private_information', 'other'] as const;

export const reportInput = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: `a reason is one of ${REPORT_REASONS.join(', ')}` }),
    // A form's empty note is no note.
    note: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), plainText('a note', MAX_REPORT_NOTE).optional()),
  })
  .strict();

export const MAX_HIDE_REASON = 200;

/** A moderator's decision on a review: hidden with the reason its author is shown, restored, or its reports dismissed. */
export const moderationInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('hide'), reason: plainText('a reason', MAX_HIDE_REASON) }).strict(),
    z.object({ action: z.literal('restore') }).strict(),
    z.object({ action: z.literal('dismiss') }).strict(),
  ],
  { error: 'an action is hide (with a reason), restore or dismiss' },
);
