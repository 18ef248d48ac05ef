import { ExplorerApiError } from '@/lib/explorer/fetch-json';
import type { PatchTripInput, StopInput } from './model';
import type { TripVehicle } from './vehicle';
import type { DefaultVehicleView } from './vehicle-default';
import type { TripView } from './view';

/** A save made on an older version: the server sent the trip as it is now. */
export class TripConflictError extends Error {
  constructor(readonly fresh: TripView) {
    super('This trip was changed elsewhere.');
  }
}

/** Calls one of the trip handlers; a failure carries the server's message, a 409 the fresh trip. */
export async function tripRequest<T>(url: string, method: string, body?: unknown, contentType = 'application/json'): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': contentType }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  } catch {
    throw new ExplorerApiError(0, 'network', 'Could not reach the server. Check your connection.');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as (T & { error?: { code?: string; message?: string }; trip?: TripView }) | null;
  if (response.status === 409 && data?.trip) throw new TripConflictError(data.trip);
  if (response.ok && data) return data;
  throw new ExplorerApiError(response.status, data?.error?.code ?? 'error', data?.error?.message ?? `The server answered ${response.status}.`);
}

export const patchTrip = (id: string, change: PatchTripInput) => tripRequest<TripView>(`/api/trips/${encodeURIComponent(id)}`, 'PATCH', change);

/** Without a vehicle, the trip starts with my default rig. */
export const createTrip = (name: string, stops: StopInput[] = [], vehicle?: TripVehicle) => tripRequest<TripView>('/api/trips', 'POST', { name, stops, vehicle });

export const getTrip = (id: string) => tripRequest<TripView>(`/api/trips/${encodeURIComponent(id)}`, 'GET');

export const getDefaultVehicle = () => tripRequest<DefaultVehicleView>('/api/trips/vehicle', 'GET');

export const setDefaultVehicle = (vehicle: TripVehicle) => tripRequest<DefaultVehicleView>('/api/trips/vehicle', 'PUT', { vehicle });
