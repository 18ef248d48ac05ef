// Issue 54: travelers write the reviews, on a phone.
import { test } from '@playwright/test';
import { writeEditAndDeleteAReview } from './support/traveler-review-journey';

test('a traveler writes, edits and deletes a review of a campground, and finds it on their page', async ({ page }, testInfo) => {
  await writeEditAndDeleteAReview(page, testInfo, '-phone');
});
