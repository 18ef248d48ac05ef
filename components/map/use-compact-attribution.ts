import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect } from 'react';

/**
 * A style's own attribution (MAP_STYLE_URL) starts as maplibre's compact "i", collapsed, on a phone: maplibre opens it
 * at first and folds it only once the map is dragged, and open it covers the bottom of a phone's short map. Its "i"
 * still opens it. The offline basemap's credit is the server's (basemap-attribution.tsx) and folds the same way.
 */
export function useCompactAttribution(map: MaplibreMap | null, styleAttribution: boolean) {
  useEffect(() => {
    if (!map || !styleAttribution || window.innerWidth >= 768) return;
    const container = map.getContainer();
    // The control opens itself when the style's sources arrive, after the map is ready: fold it when it does.
    const fold = () => {
      const open = container.querySelector('.maplibregl-ctrl-attrib.maplibregl-compact-show');
      open?.classList.remove('maplibregl-compact-show');
      return open !== null;
    };
    if (fold()) return;
    const observer = new MutationObserver(() => {
      if (fold()) observer.disconnect();
    });
    observer.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [map, styleAttribution]);
}
