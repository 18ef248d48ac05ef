import { deviceDb } from './device-db';

/**
 * Everything kept on this device for a person: kept trips, queued edits, the Explorer's last results and the caches
 * of images and pages. The service worker's precache (the app itself, no one's data) stays.
 */
export async function clearDevice(): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['kept', 'outbox', 'explorer'], 'readwrite');
  await Promise.all([tx.objectStore('kept').clear(), tx.objectStore('outbox').clear(), tx.objectStore('explorer').clear(), tx.done]);
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (!name.includes('precache')) await caches.delete(name);
}

/** A device keeps one person's data: when someone else is signed in, what the previous person kept goes. */
export async function claimDevice(owner: string): Promise<void> {
  const db = await deviceDb();
  const [kept, queued] = await Promise.all([db.getAll('kept'), db.getAll('outbox')]);
  if ([...kept, ...queued].some((r) => r.owner !== owner)) await clearDevice();
}
