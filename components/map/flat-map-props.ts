/** The props every map of the app shares: full size, a compact attribution of its own, and no rotation or tilt. */
export const FLAT_MAP_PROPS = {
  style: { width: '100%', height: '100%' },
  attributionControl: false,
  dragRotate: false,
  pitchWithRotate: false,
  touchPitch: false,
} as const;
