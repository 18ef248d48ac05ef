import { expect } from '@playwright/test';
import { DENSE_CENTER } from '../fixtures/areas';
import { findRichPlace } from '../fixtures/places-api';
import type { ExplorerDriver } from './explorer-driver';

const visitMonth = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/**
 * Issue 49: each review in the drawer says its stars and when its author was there, as the Place API gives them, and
 * the count of ratings above them counts every review ("2 ratings" stood above 3 reviews).
 */
export async function readTheReviews(explorer: ExplorerDriver, screenshot: string) {
  const rich = await findRichPlace(DENSE_CENTER);
  await explorer.openExplorer(`place=${rich.id}`);
  const reviews = explorer.drawer.getByTestId('place-reviews').locator('> li');
  await expect(reviews).toHaveCount(rich.reviews!.length);
  for (const [i, review] of rich.reviews!.entries()) {
    expect(review.rating, 'the seeded reviews have stars').toBeGreaterThanOrEqual(1);
    await expect(reviews.nth(i).getByRole('img', { name: `${review.rating} out of 5 stars` })).toBeVisible();
    await expect(reviews.nth(i)).toContainText(`Visited ${visitMonth(review.visited_on!)}`);
  }
  const ratings = explorer.drawer.locator('dt:text-is("Ratings") + dd');
  expect(Number((await ratings.innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(rich.reviews!.length);
  await reviews.first().scrollIntoViewIfNeeded();
  await explorer.screenshot(screenshot);
  expect(await explorer.seriousAxeViolations()).toEqual([]);
}
