import type { NextRequest } from 'next/server';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { fetchPlaceLists } from '@/lib/places-client/lists';
import { respond } from '@/lib/places-client/respond';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return respond(async () => fetchPlaceLists(await resolvePlacesCredentials({ headers: request.headers })));
}
