import { expect } from '@playwright/test';
import type { ClusterResponse } from '../../lib/explorer/types';
import type { ExplorerDriver } from './explorer-driver';

/**
 * Given the Explorer open on an area wholly in view: the map draws every match (its clusters' counts and single places
 * add up to the list's total, and it says that number), and a click on the largest cluster in the clear part of the
 * map zooms in, after which the matches in view still add up.
 */
export async function checkClusters(explorer: ExplorerDriver, answers: ClusterResponse[], screenshot: string) {
  const total = await explorer.settledTotal();
  expect(total).toBeGreaterThan(1);
  await expect.poll(() => explorer.mapMatchCount(), { timeout: 20_000 }).toBe(total);
  const answer = answers[answers.length - 1];
  expect(answer.data.clusters.reduce((n, c) => n + c.count, 0) + answer.data.places.length).toBe(total);
  await expect(explorer.mapTotal).toHaveText(`${total.toLocaleString('en-US')} places on the map`);
  await explorer.screenshot(screenshot);

  const visible = [];
  for (const c of [...answer.data.clusters].sort((a, b) => b.count - a.count)) {
    if (await explorer.isInClearView(c.longitude, c.latitude)) visible.push(c);
    if (visible.length) break;
  }
  expect(visible.length).toBe(1);
  const before = await explorer.mapZoom();
  const seen = answers.length;
  await explorer.clickMapAt(visible[0].longitude, visible[0].latitude);
  await expect.poll(() => explorer.mapZoom()).toBeGreaterThan(before + 0.5);
  // The view changed: a new answer, whose matches in view add up again and never exceed the search's.
  await expect.poll(() => answers.length, { timeout: 20_000 }).toBeGreaterThan(seen);
  await expect.poll(async () => (await explorer.mapMatchCount()) === answers[answers.length - 1].meta.total).toBe(true);
  const inView = answers[answers.length - 1];
  expect(inView.data.clusters.reduce((n, c) => n + c.count, 0) + inView.data.places.length).toBe(inView.meta.total);
  expect(inView.meta.total).toBeLessThanOrEqual(total);
}
