import type { Listing } from './listing-api';
import { closureInWords } from './closures';
import { formatIntervals, scheduleTitle } from './hours';
import { WEEK } from './listing-draft';

/** One thing an edit of a listing changed, in the words the drawer uses: what, as it was, as it became (null: not there). */
export interface ListingChange {
  what: string;
  before: string | null;
  after: string | null;
}

const NONE = 'none';

function hoursChanges(before: Listing['hours'] = {}, after: Listing['hours'] = {}): ListingChange[] {
  const schedules = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const named = schedules.length > 1 || schedules.some((s) => s !== '<default>');
  return schedules.flatMap((schedule) =>
    WEEK.flatMap(([day, dayName]) => {
      const was = before[schedule] ? (formatIntervals(before[schedule][day] ?? []) ?? 'closed') : null;
      const now = after[schedule] ? (formatIntervals(after[schedule][day] ?? []) ?? 'closed') : null;
      return was === now ? [] : [{ what: named ? `${scheduleTitle(schedule)}, ${dayName}` : dayName, before: was, after: now }];
    }),
  );
}

function closureChanges(before: Listing['temporary_closures'] = [], after: Listing['temporary_closures'] = []): ListingChange[] {
  const was = before.map(closureInWords);
  const now = after.map(closureInWords);
  return [
    ...was.filter((text) => !now.includes(text)).map((text) => ({ what: 'Closure', before: text, after: null })),
    ...now.filter((text) => !was.includes(text)).map((text) => ({ what: 'Closure', before: null, after: text })),
  ];
}

function contactChanges(before: Partial<Listing['contact_info']> = {}, after: Partial<Listing['contact_info']> = {}): ListingChange[] {
  const fields = [['phone', 'Phone'], ['email', 'E-mail'], ['website', 'Website']] as const;
  return fields.flatMap(([field, what]) => {
    const was = before[field] || NONE;
    const now = after[field] || NONE;
    return was === now ? [] : [{ what, before: was, after: now }];
  });
}

const listed = (items: string[] | undefined) => (items?.length ? items.join(', ') : NONE);
const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

function rvChanges(before: Listing['rv_service'] | undefined, after: Listing['rv_service'] | undefined): ListingChange[] {
  const pairs: [string, string, string][] = [
    ['Serviced makes', listed(before?.serviced_makes), listed(after?.serviced_makes)],
    ['Dealer amenities', listed(before?.dealer_amenities), listed(after?.dealer_amenities)],
    ['Rentals', yesNo(before?.rental_available), yesNo(after?.rental_available)],
  ];
  return pairs.filter(([, was, now]) => was !== now).map(([what, was, now]) => ({ what, before: was, after: now }));
}

/**
 * What an edit changed, field by field, from its record's `before` and `after` (which hold the fields it touched,
 * whole): each day of hours, each closure added or removed, each contact, the description, the RV service's parts.
 */
export function listingChanges(before: Partial<Listing>, after: Partial<Listing>): ListingChange[] {
  const changes: ListingChange[] = [];
  if ('hours' in after) changes.push(...hoursChanges(before.hours, after.hours));
  if ('temporary_closures' in after) changes.push(...closureChanges(before.temporary_closures, after.temporary_closures));
  if ('contact_info' in after) changes.push(...contactChanges(before.contact_info, after.contact_info));
  if ('description' in after && (before.description ?? '') !== (after.description ?? '')) {
    changes.push({ what: 'Description', before: before.description || NONE, after: after.description || NONE });
  }
  if ('rv_service' in after) changes.push(...rvChanges(before.rv_service, after.rv_service));
  return changes;
}
