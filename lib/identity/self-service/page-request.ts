import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHtml } from '../http';
import type { FreshLogins } from '../fresh-logins';
import type { OrganizationAdmin } from '../organization-admin';
import type { FormCsrf } from './form-csrf';
import type { LimitAnswer, SelfServiceLimits } from './limits';
import { messagePage } from './pages';
import type { SelfService } from './service';

export interface SelfServiceDeps {
  selfService: SelfService;
  csrf: FormCsrf;
  limits: SelfServiceLimits;
  admin: OrganizationAdmin;
  /** An invitation's new account goes on to the map signed in, without a second sign-in. */
  freshLogins?: FreshLogins;
}

/** A request for one of the self-service pages, its method allowed and its form (if posted) checked. */
export interface PageRequest {
  deps: SelfServiceDeps;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The sign-in interaction to go back to after signing up, if any. */
  back: string | undefined;
  /** The CSRF token for the page's form. */
  csrf: string;
}

/** Shows a page (GET or HEAD). */
export type PageView = (request: PageRequest) => Promise<void> | void;

/** Takes a page's posted form, its CSRF token checked. */
export type FormAction = (request: PageRequest, form: URLSearchParams) => Promise<void> | void;

export const withReturn = (path: string, back: string | undefined) => (back ? `${path}?return=${encodeURIComponent(back)}` : path);

export function tooMany(res: ServerResponse, { retryAfterSeconds, spent }: Extract<LimitAnswer, { allowed: false }>) {
  res.setHeader('retry-after', String(retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const from = spent === 'email' ? 'for this e-mail address' : 'from your network';
  sendHtml(res, 429, messagePage('Too many requests', [`Too many requests ${from}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`]));
}
