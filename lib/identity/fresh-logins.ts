import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProviderModels } from './provider-store/types';
import { readCookie } from './self-service/form-csrf';

const MODEL = 'FreshLogin';
const COOKIE = '_identity_fresh_login';

export interface FreshLogin {
  accountId: string;
  /** How the person proved who they are (RFC 8176), as the login step would say it. */
  amr: string[];
}

/**
 * A sign-in proven outside a sign-in request: a new account's password just chosen on the invitation's sign-up,
 * or an account's password (and code) just given on the invitation page. The next sign-in request of this browser
 * that asks for a login takes it instead of asking again, once, within the lifetime. It is a random id in an
 * HttpOnly, SameSite=Lax cookie for the identity server's paths, kept in the provider store (any instance finishes
 * it) and used once (consumed atomically).
 */
export class FreshLogins {
  constructor(
    private readonly models: ProviderModels,
    private readonly secure: boolean,
    private readonly ttlSeconds = 15 * 60,
  ) {}

  async issue(res: ServerResponse, login: FreshLogin): Promise<void> {
    const id = crypto.randomBytes(24).toString('base64url');
    await this.models.upsert(MODEL, id, { accountId: login.accountId, amr: login.amr }, this.ttlSeconds);
    res.appendHeader('set-cookie', this.cookie(id, this.ttlSeconds));
  }

  /** The fresh login of this browser, used up (the cookie is cleared); undefined when there is none, or no more. */
  async take(req: IncomingMessage, res: ServerResponse): Promise<FreshLogin | undefined> {
    const id = readCookie(req, COOKIE);
    if (!id) return undefined;
    res.appendHeader('set-cookie', this.cookie('', 0));
    if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return undefined;
    const entry = await this.models.find(MODEL, id);
    if (!entry || entry.consumed || typeof entry.accountId !== 'string' || !(await this.models.consume(MODEL, id))) return undefined;
    const amr = Array.isArray(entry.amr) ? entry.amr.filter((v): v is string => typeof v === 'string') : [];
    return { accountId: entry.accountId, amr: amr.length ? amr : ['pwd'] };
  }

  private cookie(value: string, maxAge: number): string {
    return [`${COOKIE}=${value}`, 'Path=/identity', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(this.secure ? ['Secure'] : [])].join('; ');
  }
}
