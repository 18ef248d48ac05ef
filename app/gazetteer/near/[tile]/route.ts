import { absentGazetteerFile } from '@/lib/gazetteer/absent-file-route';
import { isNearbyTileFile } from '@/lib/gazetteer/absent-files';
import { otherMethods } from '@/lib/http/method-not-allowed';

// The tiles that exist are static files, served before this route: it answers those never written (no town near).
export const GET = absentGazetteerFile(isNearbyTileFile);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
