import { MAX_TRIP_NAME } from '@/lib/trips/limits';

interface Props {
  name: string;
  lat: string;
  lon: string;
  onName: (name: string) => void;
  onLat: (lat: string) => void;
  onLon: (lon: string) => void;
}

/** A custom stop's name, latitude and longitude, as typed. */
export function PointFields({ name, lat, lon, onName, onLat, onLon }: Props) {
  return (
    <div className="mt-2 grid grid-cols-2 gap-2 text-sm">
      <label className="col-span-2 flex flex-col gap-1 text-slate-700">
        Name
        <input
          value={name}
          maxLength={MAX_TRIP_NAME}
          placeholder="Such as Lunch by the river"
          onChange={(e) => onName(e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink placeholder:text-slate-500"
        />
      </label>
      <label className="flex flex-col gap-1 text-slate-700">
        Latitude
        <input inputMode="decimal" value={lat} onChange={(e) => onLat(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink" />
      </label>
      <label className="flex flex-col gap-1 text-slate-700">
        Longitude
        <input inputMode="decimal" value={lon} onChange={(e) => onLon(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink" />
      </label>
    </div>
  );
}
