import type { Middleware, Provider } from 'oidc-provider';
import { nonceOf, withFrameSources } from '@/lib/server/security-headers';
import { escapeHtml, page } from './html';

function withSessionParams(uri: string, issuer: string, sid: string | undefined, sessionRequired: boolean): string {
  const url = new URL(uri);
  if (sessionRequired && sid) {
    url.searchParams.set('iss', issuer);
    url.searchParams.set('sid', sid);
  }
  return url.href;
}

/**
 * OpenID Connect Front-Channel Logout 1.0, removed from oidc-provider in v7: the logout confirmation remembers which
 * clients the session had signed in to; when it ends them, the answer becomes a page that loads each client's
 * `frontchannel_logout_uri` in an iframe and then goes on to where the provider was redirecting.
 */
export function frontchannelLogout(provider: Provider): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !ctx.path.endsWith('/connect/endsession/confirm')) return next();
    const before = await provider.Session.get(ctx);
    const signedIn = Object.entries(before.authorizations ?? {}).map(([clientId, { sid }]) => ({ clientId, sid }));
    await next();

    const session = ctx.oidc?.session;
    if (ctx.status !== 303 || !session) return;
    const ended = signedIn.filter(({ clientId }) => session.destroyed || !session.authorizations?.[clientId]);
    const frames: string[] = [];
    for (const { clientId, sid } of ended) {
      const client = await provider.Client.find(clientId).catch(() => undefined);
      const uri = client?.frontchannel_logout_uri;
      if (typeof uri !== 'string') continue;
      frames.push(withSessionParams(uri, provider.issuer, sid, client?.frontchannel_logout_session_required === true));
    }
    if (frames.length === 0) return;

    const location = ctx.response.get('location');
    ctx.status = 200;
    ctx.type = 'html';
    const csp = ctx.response.get('content-security-policy');
    if (csp) ctx.set('content-security-policy', withFrameSources(csp, frames.map((src) => new URL(src).origin)));
    const iframes = frames.map((src) => `<iframe src="${escapeHtml(src)}" title="sign-out"></iframe>`).join('');
    // After the frames, so it counts every one of their load events; allowed by the response's script nonce.
    const script = `<script nonce="${escapeHtml(nonceOf(ctx.req) ?? '')}">(function(){var frames=document.querySelectorAll('iframe[title="sign-out"]'),left=frames.length;
frames.forEach(function(f){f.addEventListener('load',function(){if(--left===0)location.replace(${JSON.stringify(location).replace(/</g, '\\u003c')})})})})()</script>`;
    ctx.body = page(
      'Signing out',
      `<h1>Signing you out</h1><p>Signing you out of the applications you used…</p>${iframes}${script}
<div class="actions"><a class="button primary" href="${escapeHtml(location)}">Continue</a></div>`,
      `<meta http-equiv="refresh" content="3;url=${escapeHtml(location)}">`,
    );
  };
}
