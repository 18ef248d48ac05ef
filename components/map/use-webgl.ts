import { useSyncExternalStore } from 'react';
import { canUseWebGL2 } from '@/lib/explorer/webgl';

const unchanging = () => () => {};

/** Whether the browser can draw a map (checked once a page): null on the server and during hydration. */
export function useWebGL(): boolean | null {
  return useSyncExternalStore(unchanging, canUseWebGL2, () => null);
}
