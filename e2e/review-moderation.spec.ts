// Issue 54: readers comment on a traveler's review and report it; a platform moderator hides it from the moderation
// page, and its author is told why while everyone else stops seeing it.
import { test } from '@playwright/test';
import { reportAndHideAReview } from './support/moderation-journey';

test('a reader comments on and reports a review; a moderator hides it and its author sees why', async ({ page, browser }, testInfo) => {
  // Three people sign in: two minutes on a busy machine.
  test.slow();
  await reportAndHideAReview(page, browser, testInfo);
});
