// Issue 53: an organization claims a place and keeps its listing, on a phone.
import { test } from '@playwright/test';
import { claimEditAndUndoAListing } from './support/owner-journey';

test('on a phone, a service advisor claims a dealer and edits its listing; the administrator undoes the edit', async ({ page, browser }, testInfo) => {
  test.slow();
  await claimEditAndUndoAListing(page, browser, testInfo);
});
