import { withSession } from '@/lib/auth/with-session';
import { tripToGpx } from '@/lib/trips/gpx-export';
import { exportFileName } from '@/lib/trips/export-file-name';
import { tripDeps } from '@/lib/trips/request-deps';
import { getTrip } from '@/lib/trips/service';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withSession<{ id: string }>(
  async ({ request, session, params }) => {
    const { trip, legs } = await getTrip(await tripDeps(request), session!, params.id);
    return new Response(tripToGpx(trip, legs), {
      headers: {
        'content-type': 'application/gpx+xml; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName(trip.name, 'gpx')}"`,
        'cache-control': 'no-store',
      },
    });
  },
  { signedIn: true },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
