import { expect } from '@playwright/test';
import type { ClusterResponse } from '../../lib/explorer/types';
import { apiSearch } from '../fixtures/places-api';
import type { ExplorerDriver } from './explorer-driver';

/**
 * Given the Explorer open on an area wholly in view: the map draws every match (its clusters' counts and single places
 * add up to the list's total, and it says that number), and a click on a cluster in the clear part of the map (away
 * from the page's own markers, which are drawn above the clusters and open their place) zooms in, after which the
 * matches in view still add up; there, a click on a single place opens its drawer.
 */
export async function checkClusters(explorer: ExplorerDriver, answers: ClusterResponse[], screenshot: string) {
  const total = await explorer.settledTotal();
  expect(total).toBeGreaterThan(1);
  await expect.poll(() => explorer.mapMatchCount()).toBe(total);
  const answer = answers[answers.length - 1];
  expect(answer.data.clusters.reduce((n, c) => n + c.count, 0) + answer.data.places.length).toBe(total);
  await expect(explorer.mapTotal).toHaveText(`${total.toLocaleString('en-US')} places on the map`);
  await explorer.screenshot(screenshot);

  const page = (await apiSearch(await explorer.lastSearchQuery())).data.map((p) => p.locations![0]);
  const project = await explorer.projector();
  const markers = page.map((l) => project(l.longitude, l.latitude));
  const target = [...answer.data.clusters]
    .filter((c) => c.count > 1)
    .sort((a, b) => b.count - a.count)
    .find((c) => {
      const p = project(c.longitude, c.latitude);
      return markers.every((m) => Math.hypot(m.x - p.x, m.y - p.y) > 24);
    });
  expect(target).toBeDefined();
  expect(await explorer.isInClearView(target!.longitude, target!.latitude)).toBe(true);
  const before = await explorer.mapZoom();
  const seen = answers.length;
  await explorer.clickMapAt(target!.longitude, target!.latitude);
  await expect.poll(() => explorer.mapZoom()).toBeGreaterThan(before + 0.5);
  // The view changed: a new answer, whose matches in view add up again and never exceed the search's.
  await expect.poll(() => answers.length).toBeGreaterThan(seen);
  await expect.poll(async () => (await explorer.mapMatchCount()) === answers[answers.length - 1].meta.total).toBe(true);
  const inView = answers[answers.length - 1];
  expect(inView.data.clusters.reduce((n, c) => n + c.count, 0) + inView.data.places.length).toBe(inView.meta.total);
  expect(inView.meta.total).toBeLessThanOrEqual(total);
  await explorer.screenshot(`${screenshot}-zoomed`);

  // Zoomed in, single places are markers of their own: a click on one opens its drawer. Where the view still holds
  // only clusters (a cluster of one is a dot that zooms when clicked), a click on one zooms in further first.
  let current = inView;
  let single = await clearSingle(explorer, current, page);
  for (let tries = 0; single === null && tries < 3; tries++) {
    const cluster = await clearCluster(explorer, current, page, 1);
    expect(cluster).not.toBeNull();
    const zoom = await explorer.mapZoom();
    const asked = answers.length;
    await explorer.clickMapAt(cluster!.longitude, cluster!.latitude);
    await expect.poll(() => explorer.mapZoom()).toBeGreaterThan(zoom + 0.5);
    await expect.poll(() => answers.length).toBeGreaterThan(asked);
    await expect.poll(async () => (await explorer.mapMatchCount()) === answers[answers.length - 1].meta.total).toBe(true);
    current = answers[answers.length - 1];
    single = await clearSingle(explorer, current, page);
  }
  expect(single).not.toBeNull();
  await explorer.clickMapAt(single!.longitude, single!.latitude);
  await expect(explorer.drawer.getByRole('heading', { level: 2 })).toHaveText(single!.name);
}

type Located = { longitude: number; latitude: number };

/** Whether a point is on the map's clear part and away (over 24 px) from the page's own markers, drawn above it. */
async function clearOfMarkers(explorer: ExplorerDriver, at: Located, pageResults: Located[]): Promise<boolean> {
  const project = await explorer.projector();
  const p = project(at.longitude, at.latitude);
  const near = (m: Located) => {
    const q = project(m.longitude, m.latitude);
    return Math.hypot(q.x - p.x, q.y - p.y) <= 24;
  };
  if (pageResults.some(near)) return false;
  return explorer.isInClearView(at.longitude, at.latitude);
}

async function clearSingle(explorer: ExplorerDriver, answer: ClusterResponse, pageResults: Located[]) {
  for (const p of answer.data.places) if (await clearOfMarkers(explorer, p, pageResults)) return p;
  return null;
}

/** The biggest cluster of at least `min` in the clear part of the map. */
async function clearCluster(explorer: ExplorerDriver, answer: ClusterResponse, pageResults: Located[], min: number) {
  for (const c of [...answer.data.clusters].filter((c) => c.count >= min).sort((a, b) => b.count - a.count)) {
    if (await clearOfMarkers(explorer, c, pageResults)) return c;
  }
  return null;
}
