import type { Units } from '@/lib/explorer/geo';

/** maplibre's scale bar in the traveler's units: miles and feet, or kilometres and metres. */
export const scaleUnit = (units: Units) => (units === 'mi' ? 'imperial' : 'metric');
