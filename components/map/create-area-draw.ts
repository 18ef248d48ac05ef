import type { Map as MaplibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawCircleMode, TerraDrawRectangleMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';

const shapeStyle = { fillColor: '#1f8a70', fillOpacity: 0.1, outlineColor: '#17705b', outlineWidth: 2 } as const;

/**
 * terra-draw on the map, started in its static mode (shapes only shown): circle and rectangle by click-drag, and a
 * select mode where a circle is resized around its center and a rectangle by its opposite corner.
 */
export function createAreaDraw(map: MaplibreMap, beforeLayerId: string): TerraDraw {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, renderBelowLayerId: beforeLayerId, coordinatePrecision: 6 }),
    modes: [
      new TerraDrawSelectMode({
        flags: {
          circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
          rectangle: { feature: { draggable: true, coordinates: { resizable: 'opposite' } } },
        },
        styles: {
          selectedPolygonColor: '#1f8a70',
          selectedPolygonFillOpacity: 0.16,
          selectedPolygonOutlineColor: '#125a49',
          selectedPolygonOutlineWidth: 3,
          // Every vertex of a selected shape is a resize handle: small brand dots read as a dotted edge.
          selectionPointColor: '#125a49',
          selectionPointWidth: 3,
          selectionPointOutlineColor: '#ffffff',
          selectionPointOutlineWidth: 1,
        },
      }),
      new TerraDrawCircleMode({ drawInteraction: 'click-drag', styles: shapeStyle }),
      new TerraDrawRectangleMode({ drawInteraction: 'click-drag', styles: shapeStyle }),
    ],
  });
  draw.start();
  draw.setMode('static');
  return draw;
}
