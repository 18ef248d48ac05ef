import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Keeps a full-page screenshot of a state as a test artifact (e2e/artifacts/) and attaches it to the report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.resolve('e2e/artifacts');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${testInfo.project.name}-${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  return file;
}
