/**
 * Whether this browser can give maplibre the WebGL 2 context it needs (maplibre 5 and later have no WebGL 1
 * path), checked on a throwaway canvas whose context is released at once. False where WebGL is turned off by
 * policy, by the user or by a missing driver: the map's megabyte of code is then never downloaded.
 *
 * The answer is kept on the root element (`data-webgl2`), so a page creates one context however many ask, and
 * the Explorer's first HTML can ask before hydration (webglProbeScript). The body names nothing outside itself:
 * that script is its source text.
 */
export function canUseWebGL2(): boolean {
  const root = document.documentElement;
  const known = root.getAttribute('data-webgl2');
  if (known) return known === 'yes';
  let usable = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (gl) {
      usable = true;
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    usable = false;
  }
  root.setAttribute('data-webgl2', usable ? 'yes' : 'no');
  return usable;
}

/**
 * The Explorer's inline script: the same check a frame after the first paint, before the page's scripts have
 * loaded and hydrated, so a browser without WebGL shows the map's note (revealed by CSS on `data-webgl2="no"`)
 * seconds earlier on a phone. A browser with WebGL pays nothing more: the map's start reads the kept answer.
 */
export const webglProbeScript = `requestAnimationFrame(function(){setTimeout(${canUseWebGL2.toString()},0)})`;
