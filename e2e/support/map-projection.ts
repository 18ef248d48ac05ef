import { expect, type Locator } from '@playwright/test';

export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * Once a map's view holds still: a function from longitude and latitude to a point on the page. The map element
 * carries its live view as `data-view` ("zoom/lat/lon", Web Mercator with 512-pixel tiles, as maplibre draws).
 */
export async function projectorOf(map: Locator): Promise<(lon: number, lat: number) => ScreenPoint> {
  let view = '';
  // The map may still be easing to a new frame: wait until its view holds still.
  await expect.poll(async () => {
    const before = await map.getAttribute('data-view');
    await map.page().waitForTimeout(400);
    view = (await map.getAttribute('data-view')) ?? '';
    return view !== '' && view === before;
  }).toBe(true);
  const [zoom, viewLat, viewLon] = view.split('/').map(Number);
  const world = 512 * 2 ** zoom;
  const x = (l: number) => ((l + 180) / 360) * world;
  const y = (l: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360)) / Math.PI) / 2) * world;
  const box = (await map.boundingBox())!;
  return (lon, lat) => ({ x: box.x + box.width / 2 + x(lon) - x(viewLon), y: box.y + box.height / 2 + y(lat) - y(viewLat) });
}
