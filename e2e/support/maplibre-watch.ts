import type { Page } from '@playwright/test';

/** A string only maplibre's own code holds (the names of its worker files). */
const MAPLIBRE_MARK = 'maplibre-gl-worker';

/** From now on, reads every script the page loads, to tell whether any of them is maplibre. */
export function watchForMaplibre(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.text().catch(() => ''));
  });
  const loaded = async () => (await Promise.all(bodies)).some((body) => body.includes(MAPLIBRE_MARK));
  return {
    /** Whether a script loaded so far is maplibre. */
    loadedSoFar: loaded,
    /** Whether any script was maplibre, once the page has stopped loading anything. */
    async loadedOnceIdle() {
      await page.waitForLoadState('networkidle');
      return loaded();
    },
  };
}
