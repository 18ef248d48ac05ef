// Issue 38: the installable app on a phone (e2e/support/installable-app.ts holds the checks).
import { devices, test } from '@playwright/test';
import { expectInstallableFirstVisit, expectOfflineAnswers } from './support/installable-app';
import { installFromTheOfflinePanel, seeHowToInstallOnAnIphone } from './support/install-journey';
import { leavePages } from './support/leave-pages';

test.afterEach(({ context }) => leavePages(context));

test.use({ serviceWorkers: 'allow' });

test.describe('the installable app', () => {
  test('links a manifest Chrome can install from, and its worker controls the first visit', async ({ playwright, request }, testInfo) => {
    await expectInstallableFirstVisit(playwright, request, testInfo);
  });

  test('with no connection, the Explorer opens as last shown, and a page it cannot reach opens the offline page', async ({ page, context }) => {
    await expectOfflineAnswers(page, context);
  });
});

test('on an Android phone, the trip’s Offline panel has an Install button', async ({ page }, testInfo) => {
  await installFromTheOfflinePanel(page, testInfo, 'install-button-phone');
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test('the trip’s Offline panel says how to add the app to the home screen', async ({ page }, testInfo) => {
    await seeHowToInstallOnAnIphone(page, testInfo, 'install-iphone-hint');
  });
});
