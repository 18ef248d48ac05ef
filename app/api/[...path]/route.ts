import { jsonError } from '@/lib/http/json-response';

export const dynamic = 'force-dynamic';

/** Any other /api path: the API's JSON error shape rather than the site's HTML 404 page. */
function notFound() {
  return jsonError(404, 'not_found', 'There is no such API endpoint.');
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
