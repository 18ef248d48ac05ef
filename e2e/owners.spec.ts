// Issue 53: an organization claims a place and keeps its listing, on a desktop.
import { test } from '@playwright/test';
import { claimEditAndUndoAListing, proveAClaimByMailedCode } from './support/owner-journey';

test('a service advisor claims a dealer, sets holiday closures and a new make; the administrator undoes the edit', async ({ page, browser }, testInfo) => {
  // Two people sign in, and the operator's command starts twice under tsx: three minutes on a busy machine.
  test.slow();
  await claimEditAndUndoAListing(page, browser, testInfo);
});

test('an administrator proves a claim with the code e-mailed to the place', async ({ page }, testInfo) => {
  await proveAClaimByMailedCode(page, testInfo);
});
