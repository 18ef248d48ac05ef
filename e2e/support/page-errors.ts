import type { Page } from '@playwright/test';

/** From now on, every error the page reports, in its console (a failed request among them) or uncaught. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
