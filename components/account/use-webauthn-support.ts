import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** Whether this browser can create passkeys. Known only in the browser: the server renders with it. */
export function useWebAuthnSupport(): boolean {
  return useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => true);
}
