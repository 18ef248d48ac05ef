'use client';

import { useBrowserValue } from './use-browser-value';

const utc = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * A moment in the viewer's own time zone, named ("Nov 27, 2026, 3:36 AM MST"). The server does not know that zone:
 * its HTML says the time in UTC, and the browser's first render after hydration puts the local one in its place.
 */
export function LocalTime({ iso }: { iso: string }) {
  const inBrowser = useBrowserValue(() => true, false);
  const date = new Date(iso);
  const text = inBrowser
    ? new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(date)
    : `${utc.format(date)} UTC`;
  return <time dateTime={iso}>{text}</time>;
}
