// Issue 38: the installable app on the desktop (e2e/support/installable-app.ts holds the checks).
import { test } from '@playwright/test';
import { expectInstallableFirstVisit, expectOfflineAnswers } from './support/installable-app';
import { installFromTheOfflinePanel } from './support/install-journey';
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

test('where the browser offers to install the app, the trip’s Offline panel has an Install button', async ({ page }, testInfo) => {
  await installFromTheOfflinePanel(page, testInfo, 'install-button');
});
