import { useDeviceSetting } from '@/components/ui/use-device-setting';

/** The driving hours a day the overnight plan was last made with for this trip, kept on this device; null before any. */
export function usePlannedHours(tripId: string): [number | null, (hours: number) => void] {
  const [kept, keep] = useDeviceSetting(`trip-explorer:overnight-hours:${tripId}`);
  const hours = kept === null ? NaN : Number(kept);
  return [hours >= 1 && hours <= 16 ? hours : null, (next) => keep(String(next))];
}
