import { absentGazetteerFile } from '@/lib/gazetteer/absent-file-route';
import { isShardFile } from '@/lib/gazetteer/absent-files';
import { otherMethods } from '@/lib/http/method-not-allowed';

// The shards that exist are static files, served before this route: it answers those never written.
export const GET = absentGazetteerFile(isShardFile);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
