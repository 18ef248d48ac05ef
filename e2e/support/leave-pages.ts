import type { BrowserContext } from '@playwright/test';

/**
 * Leaves every page of a context on about:blank before the context closes. Since the demo's roads are drawn, every
 * map asks for tiles through the service worker; a context closed while the worker still has such fetches in flight
 * hung Chromium's close for the whole test timeout, 2 runs in 3 (the teardown, not the journey).
 */
export async function leavePages(context: BrowserContext): Promise<void> {
  await Promise.all(context.pages().map((page) => page.goto('about:blank').catch(() => undefined)));
}
