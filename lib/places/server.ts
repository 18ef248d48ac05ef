import type { ServerContext, Subsystem } from '@/lib/server/subsystem';

/** Placeholder until the Place API lands: the mount point exists and answers 404 in the API's error shape. */
export async function createPlacesSubsystem(_ctx: ServerContext): Promise<Subsystem> {
  return {
    name: 'places',
    handle(_req, res, url) {
      if (!url.pathname.startsWith('/api/v2/') && url.pathname !== '/api/v2') return false;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'no such endpoint' } }));
      return true;
    },
    ready: () => true,
    close() {},
  };
}
