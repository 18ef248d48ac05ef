import * as oidc from 'openid-client';
import type { NewClient } from '@/lib/identity/clients';
import { SqliteClients } from '@/lib/identity/provider-store/sqlite/clients';
import { IDENTITY_DB_FILE, openIdentityDb } from '@/lib/identity/store';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { SecretBox } from '@/lib/core/secret-box';
import { expect } from 'vitest';
import { startApiServer } from '../support/test-server';

export type App = Awaited<ReturnType<typeof startApiServer>>;

export const TEST_CLIENT = 'oidc-test-client';
export const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

export function issuerOf(app: App) {
  return `${app.config.publicUrl}/identity`;
}

export function demo(app: App) {
  const creds = readDemoCredentials(app.context.dataDir);
  const password = (username: string) => creds.users!.find((u) => u.username === username)!.password;
  const secret = (clientId: string) => creds.oidc_clients!.find((c) => c.client_id === clientId)!.client_secret;
  return { password, secret };
}

/** Registers a client in the running server's store, as `npm run identity -- clients create` would. */
export async function registerClient(app: App, input: NewClient) {
  const { db, release } = openIdentityDb(app.context.dataDir.file(IDENTITY_DB_FILE));
  try {
    return await new SqliteClients(db, new SecretBox(app.context.secrets.encryptionKeys)).create(input);
  } finally {
    release();
  }
}

/** An openid-client configuration for a client of the running server (http allowed: it is a loopback test). */
export async function clientConfig(app: App, clientId: string, auth: oidc.ClientAuth, metadata: Partial<oidc.ClientMetadata> = {}) {
  return oidc.discovery(new URL(issuerOf(app)), clientId, metadata, auth, { execute: [oidc.allowInsecureRequests] });
}

/** A browser's cookie jar, enough for one origin. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly app: App) {}

  /** Takes another browser's cookies: the same person's browser, its requests now reaching this browser's app. */
  withCookiesOf(other: Browser): this {
    for (const [name, value] of other.cookies) this.cookies.set(name, value);
    return this;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.app.url);
    // The public URL says localhost; reach the server where it listens.
    const direct = new URL(target.pathname + target.search, this.app.url);
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(direct, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export interface AuthorizeResult {
  /** Where the browser ended (the redirect_uri with its query or fragment), for query and fragment modes. */
  location?: URL;
  /** The fields of an auto-submitting form_post page. */
  form?: Record<string, string>;
  html?: string;
  status: number;
}

function isProviderUrl(app: App, location: URL) {
  const sameOrigin = location.origin === new URL(app.config.publicUrl).origin || location.origin === new URL(app.url).origin;
  return sameOrigin && location.pathname.startsWith('/identity/');
}

export function parseFormPost(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)) fields[m[1]] = m[2].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  return fields;
}

/**
 * Drives a browser through authorize, the login page's POST and, when asked, the consent page's POST, until the
 * provider answers the client.
 */
export async function authorize(
  browser: Browser,
  authorizationUrl: URL | string,
  user?: { username: string; password: string },
  { consent = true }: { consent?: boolean } = {},
): Promise<AuthorizeResult> {
  const { app } = browser;
  let res = await browser.fetch(String(authorizationUrl));
  for (let hops = 0; hops < 10; hops++) {
    if (res.status === 200) {
      const html = await res.text();
      return { status: 200, html, form: parseFormPost(html) };
    }
    const locationHeader = res.headers.get('location');
    if (!locationHeader) return { status: res.status, html: await res.text() };
    const location = new URL(locationHeader, app.config.publicUrl);
    if (!isProviderUrl(app, location)) return { status: res.status, location };
    const interaction = /^\/identity\/interaction\/([^/]+)$/.exec(location.pathname);
    if (interaction) {
      const uid = interaction[1];
      const view = await browser.fetch(location.pathname, { headers: { accept: 'application/json' } });
      if (view.status !== 200) {
        res = view;
        continue;
      }
      const details = (await view.json()) as { prompt: string; csrf: string };
      if (details.prompt === 'login') {
        if (!user) throw new Error('login required but no user given');
        res = await browser.postForm(`/identity/interaction/${uid}/login`, { csrf: details.csrf, login: user.username, password: user.password });
      } else {
        res = await browser.postForm(`/identity/interaction/${uid}/${consent ? 'consent' : 'abort'}`, { csrf: details.csrf });
      }
      continue;
    }
    res = await browser.fetch(location.pathname + location.search);
  }
  throw new Error('too many redirects');
}

/** The response parameters from the query, the fragment or a form_post. */
export function responseParams(result: AuthorizeResult): URLSearchParams {
  if (result.form && Object.keys(result.form).length) return new URLSearchParams(result.form);
  if (!result.location) throw new Error(`no response: ${result.status} ${result.html?.slice(0, 300)}`);
  if (result.location.hash) return new URLSearchParams(result.location.hash.slice(1));
  return result.location.searchParams;
}

export { startApiServer };

/** A raw password grant at the token endpoint, with extra headers (for example X-Forwarded-For). */
export async function passwordGrant(
  app: App,
  fields: { username: string; password: string; scope?: string },
  headers: Record<string, string> = {},
  client: { id: string; secret: string } = { id: TEST_CLIENT, secret: demo(app).secret(TEST_CLIENT) },
): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${app.url}/identity/connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`,
      ...headers,
    },
    body: new URLSearchParams({ grant_type: 'password', scope: 'openid', ...fields }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** True when a password grant answer says the throttle refused it (before any password was checked). */
export const throttled = (answer: { body: Record<string, string> }) => /too many failed attempts/.test(answer.body.error_description ?? '');

/** The CSRF token of a self-service page's form. */
export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1];

/** Opens a self-service page in `browser` (it must answer 200) and returns its form's CSRF token. */
export async function openForm(browser: Browser, path: string): Promise<string> {
  const res = await browser.fetch(path);
  expect(res.status).toBe(200);
  return csrfOf(await res.text());
}
