'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useMemo, useState } from 'react';
import { listsQuery } from '@/lib/explorer/queries/lists-query';
import { ExplorerOfflineNotice } from '@/components/offline/explorer-offline-notice';
import { useLastResults } from '@/components/offline/use-last-results';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import { MapSide } from './map-side';
import { SearchPanels } from './search-panels';
import { SearchSheet } from './search-sheet';
import { useAreaFit } from './use-area-fit';
import { useDrawMode } from './use-draw-mode';
import { useExplorerActions } from './use-explorer-actions';
import { useExplorerSearch } from './use-explorer-search';
import { useExplorerUrl } from './use-explorer-url';
import { useHoveredPlace } from './use-hovered-place';
import { useLinkNotes } from './use-link-notes';
import { useMapView } from './use-map-view';
import { usePlacesAccount } from './use-places-account';
import { useUsableFilters } from './use-usable-filters';

// The drawer (and DOMPurify for its road-trip illustration) loads when a place opens, not with the first view; a link
// that opens a place still has the drawer in the server's HTML.
const PlaceDrawer = dynamic(() => import('@/components/place/place-drawer').then((m) => m.PlaceDrawer));

export function Explorer({ styleUrl, initialAccount, attribution }: { styleUrl: string | null; initialAccount: PlacesAccount; attribution?: React.ReactNode }) {
  const [urlState, update] = useExplorerUrl();
  const account = usePlacesAccount(initialAccount);
  const lists = useQuery(listsQuery(account));
  // Filters the account cannot use (after an organization switch, or in a link) are dropped before any search.
  const { state, notice } = useUsableFilters(urlState, lists.data, update);
  const link = useLinkNotes();
  // The panels never read the map's view: while only the view changes (every map move writes it to the URL), they get
  // the same state object, and being memoized they skip those renders.
  const panelKey = JSON.stringify({ ...state, view: null });
  const panelState = useMemo(() => state, [panelKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const [drawMode, setDrawMode] = useDrawMode();
  const hovered = useHoveredPlace(account);
  const area = useAreaFit(update, panelState.circle);
  const [sheetExpanded, setSheetOpen] = useState(false);
  const view = useMapView(update);
  const found = useExplorerSearch(state, account, lists.isPending, view.viewport);
  const actions = useExplorerActions(update);
  const shown = found.search.isSuccess && !found.search.isPlaceholderData && found.requestParams ? found.requestParams.toString() : null;
  const offline = useLastResults({ account, searchQuery: shown });
  // An open place's sheet covers the lower two thirds on a phone: the results sheet is short under it, the map above.
  const sheetOpen = sheetExpanded && state.place === null;

  return (
    <div className="absolute inset-0" data-drawer-open={state.place !== null ? '' : undefined}>
      {/* The panel comes first in the page's order, though it is drawn over the map: the keyboard reaches Go to right
          after the header, then the area, filters and results, and then the map and its tools ("Skip to the map"
          goes straight there). */}
      <SearchSheet open={sheetOpen} onToggle={() => setSheetOpen((o) => !o)}>
        <ExplorerOfflineNotice online={offline.online} shownAt={offline.shownAt} />
        <SearchPanels
          account={account}
          near={state.circle ?? state.view ?? undefined}
          state={panelState}
          lists={lists}
          notice={notice}
          link={link}
          update={update}
          area={area}
          actions={actions}
          found={found}
          hovered={hovered}
        />
      </SearchSheet>
      <MapSide
        styleUrl={styleUrl}
        attribution={attribution}
        sheetOpen={sheetOpen}
        state={state}
        drawMode={drawMode}
        onDrawModeChange={setDrawMode}
        update={update}
        area={area}
        actions={actions}
        found={found}
        hovered={hovered}
        view={view}
      />
      {state.place !== null && <PlaceDrawer id={state.place} account={account} units={state.units} onClose={actions.closePlace} onFit={area.fitTo} returnFocusTo="results-start" />}
    </div>
  );
}
