// Issue 38 on a phone: a trip kept offline opens with no connection, its offline edits reach the server, a teammate's
// change made meanwhile shows both versions, and signing out clears the device.
import { test } from '@playwright/test';
import { keptTripJourney, teammateConflictJourney } from './support/offline-journeys';
import { leavePages } from './support/leave-pages';

test.afterEach(({ context }) => leavePages(context));

test.use({ serviceWorkers: 'allow' });

test('a trip kept offline opens from a cold start with no connection, and its offline edits sync on reconnect', async ({ page }, testInfo) => {
  test.slow();
  await keptTripJourney(page, testInfo);
});

test('a teammate’s change made meanwhile shows both versions to choose from; signing out clears the device', async ({ page, browser }, testInfo) => {
  test.slow();
  await teammateConflictJourney(page, browser, testInfo);
});
