import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { readJson } from '@/lib/http/read-json';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { tripStore } from '@/lib/trips/store-registry';
import { defaultVehicleInput, getDefaultVehicle, MAX_DEFAULT_VEHICLE_BODY_BYTES, setDefaultVehicle } from '@/lib/trips/vehicle-default';

export const dynamic = 'force-dynamic';

/** My default rig: `{vehicle, resolved, chosen}` (a car until I choose one). */
export const GET = withSession(async ({ session }) => jsonOk(await getDefaultVehicle(tripStore(), session!)), { signedIn: true });

/** `{"vehicle": {"preset": "class-a"}}` or a custom rig: the vehicle my new trips start with. */
export const PUT = withSession(
  async ({ request, session }) => {
    const { vehicle } = await readJson(request, defaultVehicleInput, MAX_DEFAULT_VEHICLE_BODY_BYTES);
    return jsonOk(await setDefaultVehicle(tripStore(), session!, vehicle));
  },
  { signedIn: true, sameOrigin: true },
);

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
