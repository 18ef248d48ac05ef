import { useBrowserValue } from '@/components/ui/use-browser-value';
import { canUseWebGL2 } from '@/lib/explorer/webgl';

/** Whether the browser can draw a map (checked once a page): null on the server and during hydration. */
export function useWebGL(): boolean | null {
  return useBrowserValue<boolean | null>(canUseWebGL2, null);
}
