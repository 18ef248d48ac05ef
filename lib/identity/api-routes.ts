import type { ServerResponse } from 'node:http';
import { sendJson } from './http';

// The table is shared with the Place API's handler; the 405's words are the identity APIs' own.
export { routeTable, type ApiRoute, type RouteMatch } from '@/lib/http/route-table';

/** The identity APIs' 405: the methods the path takes, in the body's words and in `Allow`. */
export function refuseMethod(res: ServerResponse, allowed: readonly string[]) {
  sendJson(res, 405, { error: 'method_not_allowed', error_description: `use ${allowed.join(' or ')}` }, { allow: allowed.join(', ') });
}
