import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useBrowserValue } from '@/components/ui/use-browser-value';

/** Whether this browser can create passkeys. Known only in the browser: the server renders with it. */
export function useWebAuthnSupport(): boolean {
  return useBrowserValue(browserSupportsWebAuthn, true);
}
