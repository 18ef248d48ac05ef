'use client';

import { DrawToolbar } from '@/components/map/draw-toolbar';
import { LazyMap } from '@/components/map/lazy-map';
import type { DrawMode } from '@/components/map/use-area-drawing';
import type { ExplorerState } from '@/lib/explorer/url-state';
import type { useAreaFit } from './use-area-fit';
import type { useExplorerActions } from './use-explorer-actions';
import type { useExplorerSearch } from './use-explorer-search';
import type { UpdateExplorer } from './use-explorer-url';
import type { useHoveredPlace } from './use-hovered-place';
import type { useMapView } from './use-map-view';

interface Props {
  styleUrl: string | null;
  attribution?: React.ReactNode;
  sheetOpen: boolean;
  state: ExplorerState;
  drawMode: DrawMode;
  onDrawModeChange: (mode: DrawMode) => void;
  update: UpdateExplorer;
  area: ReturnType<typeof useAreaFit>;
  actions: ReturnType<typeof useExplorerActions>;
  found: ReturnType<typeof useExplorerSearch>;
  hovered: ReturnType<typeof useHoveredPlace>;
  view: ReturnType<typeof useMapView>;
}

/** The map, its attribution and its drawing tools. */
export function MapSide({ styleUrl, attribution, sheetOpen, state, drawMode, onDrawModeChange, update, area, actions, found, hovered, view }: Props) {
  return (
    <>
      {/* On a phone the map ends where the sheet begins: nothing on it (controls, attribution, the focus ring) hides under the sheet. */}
      <div className={`absolute inset-x-0 top-0 flex flex-col md:bottom-0 ${sheetOpen ? 'bottom-[85%]' : 'bottom-[46%]'}`}>
        <div className="map-frame relative min-h-0 flex-1">
          <LazyMap
            styleUrl={styleUrl}
            creditedByPage={attribution != null}
            places={found.places}
            clusters={found.clusters}
            total={found.total}
            highlightedId={hovered.hoveredId}
            selectedId={state.place}
            selectedPlace={found.selectedPlace}
            onHover={hovered.hover}
            onSelect={actions.selectPlace}
            circle={state.circle}
            box={state.box}
            onAreaChange={actions.onAreaChange}
            drawMode={drawMode}
            onDrawModeChange={onDrawModeChange}
            initialView={state.view}
            onViewChange={view.onViewChange}
            fitTarget={area.fitTarget}
          />
        </div>
        {/* Rendered on the server (page.tsx): it paints with the list, not last with the map. */}
        {attribution}
      </div>
      <DrawToolbar
        mode={drawMode}
        onModeChange={onDrawModeChange}
        hasArea={Boolean(state.circle || state.box)}
        onClear={() => update({ circle: null, box: null, page: 1 })}
        onSearchThisArea={view.searchThisArea}
      />
    </>
  );
}
