import { expect, type Locator, type Page, test } from '@playwright/test';

export interface DeviceRecords {
  kept: number;
  queued: number;
  /** Caches holding a person's data: the kept images and the Explorer's last page. */
  personalCaches: string[];
}

/** The app on the device: its service worker, "Keep offline", the connection, and what the device holds. */
export class OfflineDriver {
  constructor(readonly page: Page) {}

  /**
   * The service worker installs once the page is idle, then controls the page (it claims its clients). A page whose
   * navigation began before the worker activated and ended after its claim (a sign-in's redirects, on a busy
   * machine) is not a client it claimed: as in any browser, it is controlled from its next load.
   */
  async waitForServiceWorker() {
    await this.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const controlled = () => this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
    if (!(await controlled().then(() => true, () => false))) {
      // Said in the report: a worker that never claimed anything would show here first.
      test.info().annotations.push({ type: 'service worker', description: 'the page was reloaded to be controlled' });
      await this.page.reload();
      await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    }
  }

  async goOffline() {
    await this.page.context().setOffline(true);
  }

  async goOnline() {
    await this.page.context().setOffline(false);
  }

  async keepOffline() {
    await this.keepPanel.getByRole('button', { name: 'Keep offline' }).click();
    // formatBytes's sizes: "840 KB", "1.2 MB".
    await expect(this.keptStatus).toContainText(/^Kept on this device: (\d+ KB|\d+\.\d MB)/);
  }

  /** Renames the trip while offline: the edit waits on the device. */
  async renameOffline(name: string) {
    await this.page.getByRole('button', { name: 'Rename' }).click();
    await this.page.getByLabel('Trip name').fill(name);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.page.getByTestId('trip-name')).toHaveText(name);
  }

  /** Sets a stop's nights while offline. */
  async planNightsOffline(index: number, nights: number) {
    const stop = this.page.getByTestId('trip-stop').nth(index);
    await stop.getByRole('button', { name: /^Plan/ }).click();
    await stop.getByLabel('Nights').fill(String(nights));
    await stop.getByRole('button', { name: /^Done/ }).click();
  }

  /** What IndexedDB and the caches hold for a person, read in the page. */
  deviceRecords(): Promise<DeviceRecords> {
    return this.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('trip-explorer-device');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const count = (store: string) =>
        new Promise<number>((resolve) => {
          if (!db.objectStoreNames.contains(store)) return resolve(0);
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
        });
      const [kept, queued] = [await count('kept'), await count('outbox')];
      db.close();
      const personalCaches = (await caches.keys()).filter((name) => !name.includes('precache'));
      return { kept, queued, personalCaches };
    });
  }

  get keepPanel(): Locator {
    return this.page.getByTestId('keep-offline');
  }

  get keptStatus(): Locator {
    return this.page.getByTestId('kept-status');
  }

  get banner(): Locator {
    return this.page.getByTestId('offline-banner');
  }

  get pendingEdits(): Locator {
    return this.page.getByTestId('pending-edits');
  }

  get conflict(): Locator {
    return this.page.getByTestId('sync-conflict');
  }

  get keptTripList(): Locator {
    return this.page.getByTestId('kept-trip-list');
  }

  get alongOffline(): Locator {
    return this.page.getByTestId('along-offline');
  }
}
