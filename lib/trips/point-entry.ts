const inRange = (value: string, limit: number) => value.trim() !== '' && Number.isFinite(Number(value)) && Math.abs(Number(value)) <= limit;

/**
 * What a typed point still lacks before it can be added as a stop, in the words shown beside the disabled button:
 * a latitude (-90 to 90) and a longitude (-180 to 180), then a name. Null once it can be added.
 */
export function pointEntryMissing(name: string, lat: string, lon: string): string | null {
  if (!inRange(lat, 90) || !inRange(lon, 180)) return 'Pick a point on the map, or type a latitude (-90 to 90) and a longitude (-180 to 180).';
  if (name.trim() === '') return 'Name the stop to add it.';
  return null;
}
