import { expect } from '@playwright/test';
import type { ExplorerDriver } from './explorer-driver';
import { drawnMarks, placesInView, settledAnswer, smallSearchPartlyInView, tabStopsBefore } from './map-points';

/**
 * Issue 40, "Markers": a search one page holds whole, seen in part ("4 of 7 places in view"): each place in view is
 * drawn once, by its page marker, with no dot or bubble of the clusters under or beside it, and no key (one kind of
 * mark).
 */
export async function checkEachPlaceDrawnOnce(explorer: ExplorerDriver) {
  await explorer.openExplorer();
  const box = (await explorer.map.boundingBox())!;
  const { query, places } = await smallSearchPartlyInView(box);
  const answers = explorer.watchClusterAnswers();
  await explorer.openExplorer(query);
  expect(await explorer.settledTotal()).toBe(places.length);
  const answer = await settledAnswer(explorer, answers);
  const inView = await placesInView(explorer, places);
  expect(inView).toBeGreaterThan(1);
  expect(inView).toBeLessThan(places.length);
  await expect(explorer.mapTotal).toHaveText(`${answer.meta.total} of ${places.length} places in view`);

  // As many marks as places in view: no dot or bubble of the clusters repeats what the page's markers draw.
  await expect.poll(() => drawnMarks(explorer.map)).toEqual({ page: inView, single: 0, grouped: 0 });
  await expect(explorer.page.getByTestId('map-legend')).toHaveCount(0);
  await explorer.screenshot('map-points-once');
}

/** A search larger than its page: the page's markers and the other matches, and a key that names both. */
export async function checkLegendForTwoKinds(explorer: ExplorerDriver, dense: string) {
  await explorer.openExplorer(dense);
  await explorer.settledTotal();
  const legend = explorer.page.getByTestId('map-legend');
  await expect(legend).toBeVisible();
  await expect(legend).toHaveText(/Results on this page\s*Other matches/);
  await expect.poll(async () => (await drawnMarks(explorer.map))?.page ?? 0).toBeGreaterThan(0);
  // Clear of the map's controls: the tools, the zoom buttons.
  const legendBox = (await legend.boundingBox())!;
  for (const other of [explorer.page.getByRole('toolbar', { name: 'Search area tools' }), explorer.page.locator('.maplibregl-ctrl-group')]) {
    const b = (await other.boundingBox())!;
    const overlaps = legendBox.x < b.x + b.width && b.x < legendBox.x + legendBox.width && legendBox.y < b.y + b.height && b.y < legendBox.y + legendBox.height;
    expect(overlaps).toBe(false);
  }
  await explorer.screenshot('map-legend');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
}

/** Issue 40, "Keyboard": Go to comes right after the skip links and the header (and a phone's sheet handle). */
export async function checkGoToEarlyInTabOrder(explorer: ExplorerDriver, beforeGoTo: string[]) {
  await explorer.openExplorer();
  await explorer.settledTotal();
  const stops = await tabStopsBefore(explorer.page, explorer.goToField);
  expect(stops.slice(0, 2)).toEqual(['skip: Skip to results', 'skip: Skip to the map']);
  expect(stops.slice(2).filter((s) => !s.startsWith('header: '))).toEqual(beforeGoTo);
  await expect(explorer.goToField).toBeInViewport();
  await explorer.screenshot('go-to-focused');
}
