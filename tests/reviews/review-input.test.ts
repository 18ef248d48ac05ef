// What a traveler may write in a review, a comment and a report (issue 54): each rule, and the sentence a refusal says.
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { commentInput, MAX_REVIEW_TEXT, reportInput, reviewInput } from '@/lib/reviews/review-input';

const TODAY = '2026-12-02';
const review = { rating: 4, text: 'Level pull-through sites.\nThe dump station was open.', visitedOn: '2026-11-20' };
const refusal = (input: unknown, schema: ZodType = reviewInput(TODAY)) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('a review', () => {
  it('takes a rating, plain text with its line breaks, the visit’s date and the RV details', () => {
    const rv = { rigLengthFt: 40, cellSignal: [{ carrier: 'verizon', bars: 3 }, { carrier: 'att', bars: 0 }], pricePerNight: { amount: 42.5, currency: 'USD' }, hookups: ['electric_50', 'water'] };
    expect(reviewInput(TODAY).parse({ ...review, text: `  ${review.text}  `, rv })).toEqual({ ...review, rv });
  });

  it('refuses a rating outside 1 to 5 stars, or not whole', () => {
    expect(refusal({ ...review, rating: 0 })).toEqual(['rating: a rating is 1 to 5 stars']);
    expect(refusal({ ...review, rating: 6 })).toEqual(['rating: a rating is 1 to 5 stars']);
    expect(refusal({ ...review, rating: 4.5 })).toEqual(['rating: a rating is a whole number of stars']);
  });

  it('refuses empty or oversized text, HTML, and control characters', () => {
    expect(refusal({ ...review, text: '   ' })).toEqual(['text: a review cannot be empty']);
    expect(refusal({ ...review, text: 'x'.repeat(MAX_REVIEW_TEXT + 1) })).toEqual([`text: a review is at most ${MAX_REVIEW_TEXT} characters`]);
    for (const html of ['Great <b>views</b>', '<img src=x onerror=alert(1)>', '<img/src=x onerror=alert(1)>', '<IMG alt="<" src=x>', 'see <a href="https://spam">here</a>', 'quiet<!-- hidden -->', 'fish &amp; chips', '&#60;script&#62;']) {
      expect(refusal({ ...review, text: html }), html).toEqual(['text: a review is plain text: no HTML tags or character references']);
    }
    expect(refusal({ ...review, text: 'bell\u0007' })).toEqual(['text: a review cannot contain control characters (line breaks and tabs are fine)']);
    // A right-to-left override reorders what a reader sees; zero-width spaces alone are nothing to read.
    expect(refusal({ ...review, text: 'great \u202Eetis' })).toEqual(['text: a review cannot contain control characters (line breaks and tabs are fine)']);
    expect(refusal({ ...review, text: '\u200B\u200B' })).toEqual(['text: a review cannot be empty']);
  });

  it('keeps what looks like markup but is not: a heart, a comparison, an ampersand', () => {
    for (const text of ['We <3 this place', 'Sites < 35 ft only, price > $40', 'Fish & chips nearby', 'Tabs\tand\nlines', 'Signal: AT&T; Verizon 2 bars', 'R&R; at last', 'Write to <ann@example.com>', '<sigh> the showers were cold', 'Temps <freezing at night, >90 by day', 'Family of 👨‍👩‍👧 loved it']) {
      expect(refusal({ ...review, text }), text).toBeNull();
    }
  });

  it('dates the visit on a real day, not after tomorrow nor before 2000', () => {
    expect(refusal({ ...review, visitedOn: '2026-12-03' })).toBeNull();
    expect(refusal({ ...review, visitedOn: '2026-12-04' })).toEqual(['visitedOn: a visit cannot be in the future']);
    expect(refusal({ ...review, visitedOn: '1999-12-31' })).toEqual(['visitedOn: a visit is on 2000-01-01 or later']);
    expect(refusal({ ...review, visitedOn: '2026-02-30' })).toEqual(['visitedOn: not a real date']);
    expect(refusal({ ...review, visitedOn: '11/20/2026' })).toEqual(['visitedOn: a date is written YYYY-MM-DD', 'visitedOn: not a real date']);
    expect(refusal({ ...review, visitedOn: '' })).toEqual(['visitedOn: choose a date']);
  });

  it('refuses RV details out of range, twice over, or unknown', () => {
    expect(refusal({ ...review, rv: { rigLengthFt: 80 } })).toEqual(['rv.rigLengthFt: a rig is 65 feet long at most']);
    // What the form sends for a figure it could not read ("abc" is NaN, null in JSON): named as the field's, not zod's.
    expect(refusal({ ...review, rv: { rigLengthFt: null } })).toEqual(['rv.rigLengthFt: a rig length is a number of feet, such as 32']);
    expect(refusal({ ...review, rv: { pricePerNight: { amount: null, currency: 'USD' } } })).toEqual(['rv.pricePerNight.amount: a price is a number, such as 45.50']);
    expect(refusal({ ...review, rv: { cellSignal: [{ carrier: 'verizon', bars: 6 }] } })).toEqual(['rv.cellSignal.0.bars: bars run 0 to 5']);
    expect(refusal({ ...review, rv: { cellSignal: [{ carrier: 'verizon', bars: 2 }, { carrier: 'verizon', bars: 3 }] } })).toEqual(['rv.cellSignal: each carrier once']);
    expect(refusal({ ...review, rv: { hookups: ['none', 'water'] } })).toEqual(['rv.hookups: "none" goes alone']);
    expect(refusal({ ...review, rv: { pricePerNight: { amount: 30, currency: 'EUR' } } })).toEqual(['rv.pricePerNight.currency: a price is in USD or CAD']);
    expect(refusal({ ...review, rv: { generator: 'yes' } })).toHaveLength(1);
    expect(refusal({ ...review, author: 'someone else' })).toHaveLength(1);
  });
});

describe('a comment and a report', () => {
  it('take plain text, and a report a reason from the list', () => {
    expect(commentInput.parse({ text: ' Thanks, that helps! ' })).toEqual({ text: 'Thanks, that helps!' });
    expect(refusal({ text: '<script>x</script>' }, commentInput)).toEqual(['text: a comment is plain text: no HTML tags or character references']);
    expect(reportInput.parse({ reason: 'private_information', note: 'Shows a licence plate' })).toEqual({ reason: 'private_information', note: 'Shows a licence plate' });
    expect(reportInput.parse({ reason: 'spam', note: '  ' })).toEqual({ reason: 'spam' });
    expect(refusal({ reason: 'dislike' }, reportInput)).toEqual(['reason: a reason is one of spam, offensive, not_about_this_place, private_information, other']);
  });
});
