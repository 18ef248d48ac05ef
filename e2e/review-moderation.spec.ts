// Issue 54: readers comment on a traveler's review and report it; the operator hides it with `npm run reviews`, and
// its author is told why while everyone else stops seeing it.
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { AuthDriver } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { leavePages } from './support/leave-pages';
import { keepScreenshot } from './support/screenshots';
import { campgroundFor, removeLeftovers } from './support/traveler-review-journey';

const moderate = (...args: string[]) =>
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/reviews/moderate.ts', ...args], { env: { ...process.env, DATA_DIR: e2eDataDir, DATABASE_URL: '' }, encoding: 'utf8' });

test('a reader comments on and reports a review; the operator hides it and its author sees why', async ({ page, browser }, testInfo) => {
  // Two people sign in, and the operator's command starts twice under tsx: three minutes on a busy machine.
  test.slow();
  const place = await campgroundFor(testInfo, 2);
  // Given the traveler's review of a campground,
  const author = new ExplorerDriver(page, testInfo);
  await new AuthDriver(page, testInfo).openHome();
  await new AuthDriver(page, testInfo).signInAs('traveler');
  await author.openExplorer(`place=${place.id}`);
  await removeLeftovers(author);
  await author.drawer.getByRole('button', { name: 'Write a review' }).click();
  const form = author.drawer.getByRole('form', { name: 'Write a review' });
  await form.locator('label', { hasText: '2 stars' }).click();
  await expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await form.getByLabel('Date of your visit').fill('2026-08-02');
  await form.getByLabel('Your review').fill('Ask for Joe at the gate, he gives the good sites.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(author.drawer.getByTestId('my-review')).toBeVisible();

  // when the dealer, in a browser of their own, comments on it and reports it,
  const dealerContext = await browser.newContext();
  const dealerPage = await dealerContext.newPage();
  const reader = new ExplorerDriver(dealerPage, testInfo);
  await new AuthDriver(dealerPage, testInfo).openHome();
  await new AuthDriver(dealerPage, testInfo).signInAs('dealer');
  await reader.openExplorer(`place=${place.id}`);
  const review = reader.drawer.getByTestId('place-reviews').getByRole('listitem').filter({ hasText: 'Ask for Joe at the gate' });
  await review.getByRole('button', { name: 'Comment on traveler’s review' }).click();
  await review.getByLabel('Your comment').fill('Joe retired in October.');
  await review.getByRole('button', { name: 'Post comment' }).click();
  await expect(review.getByLabel('Comments')).toContainText('Joe retired in October. — dealer');
  await review.getByRole('button', { name: 'Report traveler’s review' }).click();
  await review.getByLabel('Private information (a phone number, an address, a name)').check();
  await review.getByLabel('Note for the moderators (optional)').fill('Names a member of staff.');
  await keepScreenshot(dealerPage, testInfo, 'review-report');
  expect(await reader.seriousAxeViolations()).toEqual([]);
  await review.getByRole('button', { name: 'Send report' }).click();
  await expect(review.getByRole('status')).toHaveText('Reported. Thank you: the moderators will look at it.');

  // then the operator finds the report and hides the review,
  const reports = moderate('reports');
  expect(reports).toContain('private_information: Names a member of staff.');
  const reviewId = /^(\S+)\s+place \d+\s+by traveler/m.exec(reports.split('\n').find((l) => l.includes(`place ${place.id}`))!)![1];
  expect(moderate('hide', reviewId, '--reason', 'names a member of staff')).toContain(`hidden ${reviewId} (by `);

  // and the dealer no longer sees it, while its author sees why.
  await reader.openExplorer(`place=${place.id}`);
  await expect(reader.drawer.getByText('Ask for Joe at the gate')).toHaveCount(0);
  await author.openExplorer(`place=${place.id}`);
  await expect(author.drawer.getByTestId('my-review')).toContainText('Hidden by the site’s moderators (names a member of staff): only you see it.');
  await author.screenshot('review-hidden');
  await removeLeftovers(author);
  await leavePages(dealerContext);
  await dealerContext.close();
});
