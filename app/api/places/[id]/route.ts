import type { NextRequest } from 'next/server';
import type { Place } from '@/lib/explorer/types';
import { placesGet } from '@/lib/places-client/client';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { jsonError, respond } from '@/lib/places-client/respond';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,15}$/.test(id)) return jsonError(400, 'invalid_parameter', 'id: a place id is a positive integer', 'id');
  return respond(async () => {
    const credentials = await resolvePlacesCredentials({ headers: request.headers });
    return placesGet<{ data: Place }>(`canonical_places/${id}`, credentials);
  });
}
