import compression from 'compression';
import type { AppConfig } from '@/lib/config/env';
import type { NextHandler } from './serve-request';

/** Next.js, prepared to answer the pages and bundles, compressed. */
export async function prepareNext(config: AppConfig): Promise<NextHandler> {
  const { default: next } = await import('next');
  const app = next({ dev: config.mode === 'development', dir: process.cwd(), hostname: 'localhost', port: config.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // A custom server owns compression of the pages and bundles; the Place API's small JSON stays uncompressed.
  const compress = compression();
  return (req, res) =>
    new Promise<void>((resolve, reject) => {
      compress(req as never, res as never, () => handle(req, res).then(resolve, reject));
    });
}
