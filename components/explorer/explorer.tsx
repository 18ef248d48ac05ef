'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FilterPanel } from '@/components/filters/filter-panel';
import { LazyMap } from '@/components/map/lazy-map';
import type { FitTarget } from '@/components/map/explorer-map';
import { DrawToolbar } from '@/components/map/draw-toolbar';
import type { DrawMode } from '@/components/map/use-area-drawing';
import { ResultsSection } from '@/components/results/results-section';
import { boxBounds } from '@/lib/explorer/box-edges';
import { circleBounds, wrapLon, type Box, type Circle, type Units } from '@/lib/explorer/geo';
import { clusterRequestParams, viewportOf, type Viewport } from '@/lib/explorer/cluster-request';
import { clustersQuery } from '@/lib/explorer/queries/clusters-query';
import { listsQuery } from '@/lib/explorer/queries/lists-query';
import { placeQuery } from '@/lib/explorer/queries/place-query';
import { searchQuery } from '@/lib/explorer/queries/search-query';
import { nearestRequestParams } from '@/lib/explorer/nearest';
import { searchRequestParams } from '@/lib/explorer/search-request';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import type { MapView, SortOrder } from '@/lib/explorer/url-state';
import { goToTarget } from '@/lib/gazetteer/destination';
import type { Destination } from '@/lib/gazetteer/destination';
import { Notice } from '@/components/ui/notice';
import { AreaPanel } from './area-panel';
import { DroppedFiltersNotice } from './dropped-filters-notice';
import { GoToBox } from './go-to-box';
import { LinkNotice } from './link-notice';
import { useExplorerUrl } from './use-explorer-url';
import { useLinkNotes } from './use-link-notes';
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
  const [drawMode, setDrawMode] = useState<DrawMode>('pan');
  // Escape leaves a drawing mode (circle, box) for panning, wherever the focus is.
  useEffect(() => {
    if (drawMode === 'pan') return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setDrawMode('pan');
    };
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [drawMode]);
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  const [fitTarget, setFitTarget] = useState<FitTarget | null>(null);
  const [sheetExpanded, setSheetOpen] = useState(false);
  const viewBounds = useRef<Box | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const queryClient = useQueryClient();

  const requestParams = useMemo(() => searchRequestParams(state), [state]);
  // Wait for the account's filter lists, so a search never carries a filter the account does not know.
  const search = useQuery({ ...searchQuery(requestParams, account), enabled: requestParams !== null && !lists.isPending });
  // An empty search says where the nearest match is, with the same filters, and offers to reach it.
  const nearestParams = useMemo(() => nearestRequestParams(requestParams), [requestParams]);
  const emptySearch = search.data?.meta.total === 0 && !search.isPlaceholderData;
  const nearest = useQuery({ ...searchQuery(nearestParams, account), enabled: emptySearch && nearestParams !== null, placeholderData: undefined });
  // The open place's details (shared with the drawer): its marker shows even when it is not among the results.
  const selectedPlace = useQuery(placeQuery(state.place, account)).data ?? null;
  const places = useMemo(() => (requestParams ? (search.data?.data ?? []) : []), [requestParams, search.data]);
  // Every match in the map's view, grouped by the Place API (the list stays paged).
  const clusterParams = useMemo(() => clusterRequestParams(requestParams, viewport), [requestParams, viewport]);
  const clusters = useQuery({ ...clustersQuery(clusterParams, account), enabled: clusterParams !== null && !lists.isPending });

  const fitTo = useCallback((bounds: FitTarget['bounds']) => setFitTarget((t) => ({ bounds, seq: (t?.seq ?? 0) + 1 })), []);

  const onAreaChange = useCallback((circle: Circle | null, box: Box | null) => update({ circle, box, page: 1 }), [update]);
  const onViewChange = useCallback(
    (view: MapView, bounds: Box) => {
      viewBounds.current = bounds;
      const next = viewportOf(bounds, view.zoom);
      setViewport((v) => (v && JSON.stringify(v) === JSON.stringify(next) ? v : next));
      update({ view }, { replace: true });
    },
    [update],
  );
  const searchThisArea = useCallback(() => {
    const b = viewBounds.current;
    if (!b) return;
    const spansWorld = b.east - b.west >= 360;
    const box: Box = {
      west: spansWorld ? -180 : wrapLon(b.west),
      east: spansWorld ? 180 : wrapLon(b.east),
      south: Math.max(-85, b.south),
      north: Math.min(85, b.north),
    };
    update({ box, circle: null, page: 1 });
  }, [update]);
  const setCircle = useCallback(
    (circle: Circle) => {
      update({ circle, page: 1 });
      fitTo(circleBounds(circle));
    },
    [update, fitTo],
  );
  const setBox = useCallback(
    (box: Box) => {
      update({ box, page: 1 });
      fitTo(boxBounds(box));
    },
    [update, fitTo],
  );
  const goTo = useCallback(
    (entry: Destination) => {
      const target = goToTarget(entry, panelState.circle);
      // A place of the dataset also opens its drawer.
      update({ circle: target.circle, box: null, page: 1, ...(entry.placeId !== undefined ? { place: entry.placeId } : {}) });
      fitTo(target.bounds);
    },
    [update, fitTo, panelState.circle],
  );
  const hover = useCallback(
    (id: number | null) => {
      setHoveredId(id);
      // Someone pointing at a result is likely to open it: fetch its details early.
      if (id !== null) void queryClient.prefetchQuery(placeQuery(id, account));
    },
    [queryClient, account],
  );
  const selectPlace = useCallback((id: number) => update({ place: id }), [update]);
  const closePlace = useCallback(() => update({ place: null }), [update]);
  // Stable handlers, so the memoized result cards and panels skip renders the map's moves and hovers cause.
  const setUnits = useCallback((units: Units) => update({ units }), [update]);
  const clearBox = useCallback(() => update({ box: null, page: 1 }), [update]);
  const turnPage = useCallback((page: number) => update({ page }), [update]);
  const setSort = useCallback((sort: SortOrder) => update({ sort, page: 1 }), [update]);

  // An open place's sheet covers the lower two thirds on a phone: the results sheet is short under it, the map above.
  const sheetOpen = sheetExpanded && state.place === null;

  return (
    <div className="absolute inset-0" data-drawer-open={state.place !== null ? '' : undefined}>
      {/* The panel comes first in the page's order, though it is drawn over the map: the keyboard reaches Go to right
          after the header, then the area, filters and results, and then the map and its tools ("Skip to the map"
          goes straight there). */}
      <aside
        aria-label="Search and results"
        className={`absolute inset-x-0 bottom-0 z-20 flex flex-col rounded-t-2xl bg-white shadow-[0_-4px_24px_rgba(0,0,0,0.15)] transition-[height] md:inset-x-auto md:top-3 md:bottom-3 md:left-3 md:h-auto md:w-[380px] md:rounded-2xl md:shadow-xl ${
          sheetOpen ? 'h-[85%]' : 'h-[46%]'
        }`}
      >
        <button
          type="button"
          onClick={() => setSheetOpen((o) => !o)}
          aria-expanded={sheetOpen}
          className="flex w-full shrink-0 flex-col items-center gap-1 rounded-t-2xl pt-2 pb-1 text-xs text-slate-600 focus-visible:outline-offset-[-4px] md:hidden"
        >
          <span className="h-1.5 w-10 rounded-full bg-slate-300" aria-hidden="true" />
          {sheetOpen ? 'Show more map' : 'Show more results'}
        </button>
        {/* Top scroll padding: a control the keyboard scrolls to stays clear of the sticky results heading. */}
        <div className="min-h-0 flex-1 scroll-pt-14 overflow-y-auto overscroll-contain" data-scroll-container>
          {link.notes.length > 0 && <LinkNotice notes={link.notes} onDismiss={link.dismiss} />}
          {link.signInDidNotComplete && (
            <Notice testId="sign-in-ended" title="Sign-in did not complete" onDismiss={link.dismissSignIn}>
              You are still signed out. Use Sign in to try again.
            </Notice>
          )}
          {/* The header says what this is on wide screens; a narrower one has no room, so the panel says it first. */}
          <p className="px-4 pt-3 text-xs text-slate-600 lg:hidden" data-testid="tagline-compact">
            Find campgrounds, RV service and places to stop, and plan road trips.
          </p>
          <GoToBox account={account} onGo={goTo} near={state.circle ?? state.view ?? undefined} />
          <AreaPanel state={panelState} onCircle={setCircle} onBox={setBox} onUnits={setUnits} onClearBox={clearBox} />
          {notice && <DroppedFiltersNotice notice={notice} />}
          <FilterPanel state={panelState} lists={lists.data} listsError={lists.error} update={update} />
          <ResultsSection
            state={panelState}
            query={requestParams?.toString() ?? ''}
            hasArea={Boolean(requestParams)}
            search={search}
            nearest={emptySearch ? (nearest.data?.data[0] ?? null) : null}
            onWiden={(circle) => update({ circle, box: null, page: 1 })}
            hoveredId={hoveredId}
            onHover={hover}
            onSelect={selectPlace}
            onPage={turnPage}
            onSort={setSort}
          />
        </div>
      </aside>
      {/* On a phone the map ends where the sheet begins: nothing on it (controls, attribution, the focus ring) hides under the sheet. */}
      <div className={`absolute inset-x-0 top-0 flex flex-col md:bottom-0 ${sheetOpen ? 'bottom-[85%]' : 'bottom-[46%]'}`}>
        <div className="map-frame relative min-h-0 flex-1">
        <LazyMap
          styleUrl={styleUrl}
          places={places}
          clusters={clusterParams ? clusters.data : undefined}
          total={requestParams ? (search.data?.meta.total ?? null) : null}
          highlightedId={hoveredId}
          selectedId={state.place}
          selectedPlace={selectedPlace}
          onHover={hover}
          onSelect={selectPlace}
          circle={state.circle}
          box={state.box}
          onAreaChange={onAreaChange}
          drawMode={drawMode}
          onDrawModeChange={setDrawMode}
          initialView={state.view}
          onViewChange={onViewChange}
          fitTarget={fitTarget}
        />
        </div>
        {/* Rendered on the server (page.tsx): it paints with the list, not last with the map. */}
        {attribution}
      </div>
      <DrawToolbar
        mode={drawMode}
        onModeChange={setDrawMode}
        hasArea={Boolean(state.circle || state.box)}
        onClear={() => update({ circle: null, box: null, page: 1 })}
        onSearchThisArea={searchThisArea}
      />
      {state.place !== null && <PlaceDrawer id={state.place} account={account} units={state.units} onClose={closePlace} onFit={fitTo} />}
    </div>
  );
}
