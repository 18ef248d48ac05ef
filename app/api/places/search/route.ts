import type { NextRequest } from 'next/server';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { respond } from '@/lib/places-client/respond';
import { searchPlaces } from '@/lib/places-client/search';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return respond(async () => searchPlaces(request.nextUrl.searchParams, await resolvePlacesCredentials({ headers: request.headers })));
}
