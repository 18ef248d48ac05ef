import { withSession } from '@/lib/auth/with-session';
import { appConfig } from '@/lib/config/runtime';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { exportFileName } from '@/lib/trips/export-file-name';
import { tripToIcs } from '@/lib/trips/ics-export';
import { tripDeps } from '@/lib/trips/request-deps';
import { getTrip } from '@/lib/trips/service';

export const dynamic = 'force-dynamic';

export const GET = withSession<{ id: string }>(
  async ({ request, session, params }) => {
    const { trip } = await getTrip(await tripDeps(request), session!, params.id);
    return new Response(tripToIcs(trip, appConfig().appUrl), {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName(trip.name, 'ics')}"`,
        'cache-control': 'no-store',
      },
    });
  },
  { signedIn: true },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
