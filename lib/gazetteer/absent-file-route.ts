import 'server-only';
import { jsonError } from '@/lib/http/json-response';
import { ABSENT_FILE_CACHE } from './absent-files';

/** A route for the gazetteer's files that were never written: no rows for a well-formed name, 404 for any other. */
export function absentGazetteerFile(isFileName: (name: string) => boolean) {
  return async (_request: Request, { params }: { params: Promise<Record<string, string>> }) => {
    const [name] = Object.values(await params);
    if (!isFileName(name)) return jsonError(404, 'not_found', 'There is no such gazetteer file.');
    return Response.json([], { headers: { 'cache-control': ABSENT_FILE_CACHE } });
  };
}
