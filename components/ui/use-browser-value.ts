import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A value only the browser knows and that does not change while the page is open (its storage, its date, WebAuthn).
 * The server's render and the hydration after it use `inServerRender`, so both draw the same page (React error #418);
 * the browser's own value follows at once.
 */
export function useBrowserValue<T>(read: () => T, inServerRender: T): T {
  return useSyncExternalStore(unchanging, read, () => inServerRender);
}
