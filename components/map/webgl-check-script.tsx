'use client';

import { useBrowserValue } from '@/components/ui/use-browser-value';

/**
 * The Explorer's early WebGL check (webglProbeScript in lib/explorer/webgl.ts), as the server wrote it: kept through
 * hydration, and never created by a client-side navigation to the page, where React would not run it (the map's
 * start checks then).
 */
export function WebGLCheckScript({ code, nonce }: { code: string; nonce?: string }) {
  const inServerHtml = useBrowserValue(() => false, true);
  return inServerHtml ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} /> : null;
}
