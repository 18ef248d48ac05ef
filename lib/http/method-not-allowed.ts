import 'server-only';
import { allowHeader } from './allow-header';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Handler = () => Response;

/**
 * Handlers for the methods a route does not take: 405 in the API's JSON error shape, with `Allow` (Next's own 405
 * has an empty body and no Allow). A route exports them beside its own handlers:
 * `export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');`
 */
export function otherMethods<A extends Method>(...allowed: A[]): Record<Exclude<Method, A>, Handler> {
  const taken: readonly Method[] = allowed;
  const handler: Handler = () =>
    Response.json(
      { error: { code: 'method_not_allowed', message: `This endpoint takes ${taken.join(' and ')} only.` } },
      { status: 405, headers: { allow: allowHeader(taken), 'cache-control': 'no-store' } },
    );
  return Object.fromEntries(METHODS.filter((m) => !taken.includes(m)).map((m) => [m, handler])) as Record<Exclude<Method, A>, Handler>;
}
