// Issue 38 on a phone: a trip kept offline opens with no connection, and its offline edits reach the server.
import { test } from '@playwright/test';
import { keptTripJourney } from './support/offline-journeys';

test.use({ serviceWorkers: 'allow' });

test('a trip kept offline opens from a cold start with no connection, and its offline edits sync on reconnect', async ({ page }, testInfo) => {
  test.slow();
  await keptTripJourney(page, testInfo);
});
