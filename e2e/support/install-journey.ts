import { expect, type Page, type TestInfo } from '@playwright/test';
import { ROAD_TRIP } from './trip-plans';
import { signedIn } from './trips-journeys';

/** A traveler on a trip page, its Offline panel in view. */
async function onATrip(page: Page, testInfo: TestInfo) {
  const { trips } = await signedIn(page, testInfo);
  await trips.givenTrip('To keep on the phone', ROAD_TRIP.slice(0, 2));
  const panel = page.getByTestId('keep-offline');
  await panel.scrollIntoViewIfNeeded();
  return { trips, panel };
}

/**
 * Issue 49: where the browser offers to install the app (Chrome's and Edge's `beforeinstallprompt`, sent here as the
 * browser sends it, since a test browser never does), the Offline panel has an Install button that opens its dialog.
 */
export async function installFromTheOfflinePanel(page: Page, testInfo: TestInfo, screenshot: string) {
  const { trips, panel } = await onATrip(page, testInfo);
  await expect(panel.getByRole('button', { name: 'Install Trip Explorer' })).toHaveCount(0);
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    const w = window as unknown as { installDialogs: number };
    w.installDialogs = 0;
    Object.assign(offer, { prompt: async () => void (w.installDialogs += 1), userChoice: Promise.resolve({ outcome: 'accepted' }) });
    window.dispatchEvent(offer);
  });
  const install = panel.getByRole('button', { name: 'Install Trip Explorer' });
  await expect(install).toBeVisible();
  await trips.screenshot(screenshot);
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await install.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => (window as unknown as { installDialogs: number }).installDialogs)).toBe(1);
  await expect(install).toHaveCount(0);
}

/** On an iPhone, where Safari has no such offer, the panel says the Share menu's way. */
export async function seeHowToInstallOnAnIphone(page: Page, testInfo: TestInfo, screenshot: string) {
  const { trips, panel } = await onATrip(page, testInfo);
  await expect(panel.getByTestId('install-app')).toHaveText('To open Trip Explorer from your home screen, tap Share (the square with an arrow), then “Add to Home Screen”.');
  await trips.screenshot(screenshot);
  expect(await trips.seriousAxeViolations()).toEqual([]);
}
