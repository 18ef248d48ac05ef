// Issue 54: reporting a review and hiding it from the moderation page, on a phone.
import { test } from '@playwright/test';
import { reportAndHideAReview } from './support/moderation-journey';

test('on a phone, a reader reports a review and a moderator hides it', async ({ page, browser }, testInfo) => {
  test.slow();
  await reportAndHideAReview(page, browser, testInfo);
});
