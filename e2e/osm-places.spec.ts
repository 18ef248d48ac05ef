import { devices } from '@playwright/test';
import { searchImportedPlaces, test } from './support/osm-places';

// One server of its own for both sizes: the phone's journey runs in a phone's context of the same browser.
test('places imported from an OpenStreetMap extract, at desktop and phone size: searched without the demo label, with their hours and the OpenStreetMap credit', async ({ page, browser, baseURL }, testInfo) => {
  await searchImportedPlaces(page, testInfo, 'desktop');
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL, serviceWorkers: 'block' });
  try {
    await searchImportedPlaces(await phone.newPage(), testInfo, 'phone');
  } finally {
    await phone.close();
  }
});
