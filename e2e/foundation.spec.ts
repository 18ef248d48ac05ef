import { expect, test } from '@playwright/test';
import { keepScreenshot } from './support/screenshots';

test('the server is healthy and serves the home page', async ({ page, request }, testInfo) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });

  await page.goto('/');
  await expect(page).toHaveTitle(/Trip Explorer/);
  await keepScreenshot(page, testInfo, 'home');
});
