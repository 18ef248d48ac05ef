/**
 * Chrome's and Edge's offer to install the app (`beforeinstallprompt`), kept from the moment it fires, which may be
 * before any page that shows the Install button is drawn. Imported by the service worker's registration, on every page.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // Not the browser's own mini-bar: the page offers it where it is useful.
    e.preventDefault();
    offer = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export function subscribeToInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const installOffer = (): InstallPromptEvent | null => offer;

/** Shows the browser's install dialog; the offer is used up whatever the answer (the browser makes a new one). */
export async function install(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  changed();
  await current.prompt();
  await current.userChoice;
}
