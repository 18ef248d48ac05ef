import { expect, type Locator, type Page } from '@playwright/test';
import { searchRequestParams } from '../../lib/explorer/search-request';
import { parseExplorerState } from '../../lib/explorer/url-state';
import type { ClusterResponse, Place } from '../../lib/explorer/types';
import { apiSearch, placesApi } from '../fixtures/places-api';
import type { ExplorerDriver } from './explorer-driver';

/** What the map has drawn in its view (explorer-map.tsx reads it from maplibre's rendered features when it is idle). */
export interface DrawnMarks {
  page: number;
  single: number;
  grouped: number;
}

export async function drawnMarks(map: Locator): Promise<DrawnMarks | null> {
  const [page, single, grouped] = await Promise.all(['page', 'single', 'grouped'].map((k) => map.getAttribute(`data-marks-${k}`)));
  return page && single && grouped ? { page: Number(page), single: Number(single), grouped: Number(grouped) } : null;
}

/**
 * A search around the default area (Denver) that one page holds whole (5 to 20 matches: the first visit's own, or
 * of one tag), and a map view (`map=zoom/lat/lon`) on a part of it: at least two of its places in view and at least
 * one out, none of them within 24 pixels of the map's edge (so in or out is plain), for a map of the given size.
 */
export async function smallSearchPartlyInView(mapSize: { width: number; height: number }): Promise<{ query: string; places: Place[] }> {
  const tags = (await placesApi<{ data: { public_id: string }[] }>('tags')).data;
  for (const filter of ['', ...tags.map((t) => `tags=${t.public_id}`)]) {
    const found = await apiSearch(searchRequestParams(parseExplorerState(new URLSearchParams(filter)))!.toString());
    if (found.meta.total < 5 || found.meta.total > 20) continue;
    const places = found.data.filter((p) => p.locations?.[0]);
    for (const center of places) {
      const c = center.locations![0];
      for (let zoom = 11; zoom >= 6; zoom--) {
        const world = 512 * 2 ** zoom;
        const x = (lon: number) => ((lon + 180) / 360) * world;
        const y = (lat: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * world;
        const at = places.map((p) => ({
          dx: Math.abs(x(p.locations![0].longitude) - x(c.longitude)),
          dy: Math.abs(y(p.locations![0].latitude) - y(c.latitude)),
        }));
        const inside = at.filter((d) => d.dx < mapSize.width / 2 - 24 && d.dy < mapSize.height / 2 - 24).length;
        const outside = at.filter((d) => d.dx > mapSize.width / 2 + 24 || d.dy > mapSize.height / 2 + 24).length;
        if (inside >= 2 && outside >= 1 && inside + outside === places.length) {
          return { query: [filter, `map=${zoom}/${c.latitude}/${c.longitude}`].filter(Boolean).join('&'), places };
        }
      }
    }
  }
  throw new Error('no search around Denver of 5 to 20 places that a map view shows in part');
}

/** The page's places whose spot is inside the map's box. */
export async function placesInView(explorer: ExplorerDriver, places: Place[]): Promise<number> {
  const project = await explorer.projector();
  const box = (await explorer.map.boundingBox())!;
  return places.filter((p) => {
    const { x, y } = project(p.locations![0].longitude, p.locations![0].latitude);
    return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
  }).length;
}

/**
 * Presses Tab from the top of the page until `target` has the focus; returns each stop on the way, as
 * "skip: …", "header: …" or "page: …" with the control's name.
 */
export async function tabStopsBefore(page: Page, target: Locator, limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return stops;
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'none';
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
        const where = el.closest('header') ? 'header' : el.matches('a[href^="#"]') && name.startsWith('Skip to') ? 'skip' : 'page';
        return `${where}: ${name}`;
      }),
    );
  }
  throw new Error(`no focus on the target after ${limit} Tab presses: ${stops.join(' | ')}`);
}

/** Waits until the map has drawn what its latest clusters answer holds, and returns that answer. */
export async function settledAnswer(explorer: ExplorerDriver, answers: ClusterResponse[]): Promise<ClusterResponse> {
  await expect.poll(async () => {
    const last = answers[answers.length - 1];
    return last !== undefined && String(last.meta.total) === (await explorer.map.getAttribute('data-cluster-total'));
  }).toBe(true);
  return answers[answers.length - 1];
}
