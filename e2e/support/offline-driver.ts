import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';

export interface DeviceRecords {
  kept: number;
  queued: number;
  /** Caches holding a person's data: the kept images and the Explorer's last page. */
  personalCaches: string[];
}

/** The app on the device: its service worker, "Keep offline", the connection, and what the device holds. */
export class OfflineDriver {
  private session: CDPSession | null = null;
  private offline = false;
  private resent: Promise<void> = Promise.resolve();
  private readonly resendOffline = () => {
    // A page closed meanwhile has nothing left to tell.
    this.resent = this.resent.then(() => this.sendOffline(this.offline)).catch(() => undefined);
  };

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

  /**
   * Debian's Chromium 150 under Playwright 1.65 keeps a page's requests offline across its loads, but a document
   * loaded while offline says `navigator.onLine === true` (and so shows no offline banner) until the emulated
   * conditions are sent again: they are, through a session of this driver's own, at each load while offline.
   */
  async goOffline() {
    this.offline = true;
    await this.page.context().setOffline(true);
    this.page.on('domcontentloaded', this.resendOffline);
  }

  async goOnline() {
    this.offline = false;
    this.page.off('domcontentloaded', this.resendOffline);
    await this.resent;
    if (this.session) await this.sendOffline(false);
    await this.page.context().setOffline(false);
  }

  private async sendOffline(offline: boolean) {
    this.session ??= await this.page.context().newCDPSession(this.page);
    await this.session.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
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
