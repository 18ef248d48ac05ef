import { useSyncExternalStore } from 'react';
import { canUseWebGL2 } from '@/lib/explorer/webgl';

let known: boolean | undefined;
const unchanging = () => () => {};
const inBrowser = () => (known ??= canUseWebGL2());

/** Whether the browser can draw a map (checked once a page): null on the server and during hydration. */
export function useWebGL(): boolean | null {
  return useSyncExternalStore(unchanging, inBrowser, () => null);
}
