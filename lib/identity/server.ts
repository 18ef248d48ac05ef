import type { ServerContext, Subsystem } from '@/lib/server/subsystem';

/** Placeholder until the identity server lands: its paths are mounted and answer 404. */
export async function createIdentitySubsystem(_ctx: ServerContext): Promise<Subsystem> {
  return {
    name: 'identity',
    handle(_req, res, url) {
      const p = url.pathname;
      if (p !== '/identity' && !p.startsWith('/identity/') && p !== '/.well-known/openid-configuration') return false;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not_found', error_description: 'the identity server is not available yet' }));
      return true;
    },
    ready: () => true,
    close() {},
  };
}
