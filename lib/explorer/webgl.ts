/**
 * Whether this browser can give maplibre the WebGL 2 context it needs (maplibre 5 and later have no WebGL 1
 * path), checked on a throwaway canvas whose context is released at once. False where WebGL is turned off by
 * policy, by the user or by a missing driver: the map's megabyte of code is then never downloaded.
 */
export function canUseWebGL2(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
