'use client';

import { FilterPanel } from '@/components/filters/filter-panel';
import { ResultsSection } from '@/components/results/results-section';
import { Notice } from '@/components/ui/notice';
import type { PlacesAccount } from '@/lib/explorer/queries/account-query';
import type { PlaceLists } from '@/lib/explorer/types';
import type { ExplorerState } from '@/lib/explorer/url-state';
import { AreaPanel } from './area-panel';
import { DroppedFiltersNotice } from './dropped-filters-notice';
import { GoToBox } from './go-to-box';
import { LinkNotice } from './link-notice';
import { circleBounds } from '@/lib/explorer/geo';
import type { useAreaFit } from './use-area-fit';
import type { useExplorerActions } from './use-explorer-actions';
import type { useExplorerSearch } from './use-explorer-search';
import type { UpdateExplorer } from './use-explorer-url';
import type { useHoveredPlace } from './use-hovered-place';
import type { useLinkNotes } from './use-link-notes';
import type { DroppedNotice } from './use-usable-filters';

interface Props {
  account: PlacesAccount;
  /** Where Go to looks first: the search circle, else the map's middle. */
  near: { lon: number; lat: number } | undefined;
  /** The state without the map's view, so the memoized panels skip the renders the map's moves cause. */
  state: ExplorerState;
  lists: { data: PlaceLists | undefined; error: Error | null };
  notice: DroppedNotice | null;
  link: ReturnType<typeof useLinkNotes>;
  update: UpdateExplorer;
  area: ReturnType<typeof useAreaFit>;
  actions: ReturnType<typeof useExplorerActions>;
  found: ReturnType<typeof useExplorerSearch>;
  hovered: ReturnType<typeof useHoveredPlace>;
}

/** The sheet's contents, in the page's order: what the opening link could not do, Go to, the area, filters and results. */
export function SearchPanels({ account, near, state, lists, notice, link, update, area, actions, found, hovered }: Props) {
  return (
    <>
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
      <GoToBox account={account} onGo={area.goTo} near={near} />
      <AreaPanel state={state} named={area.named} onCircle={area.setCircle} onBox={area.setBox} onUnits={actions.setUnits} onClearBox={actions.clearBox} />
      {notice && <DroppedFiltersNotice notice={notice} />}
      <FilterPanel state={state} lists={lists.data} listsError={lists.error} update={update} />
      <ResultsSection
        state={state}
        query={found.requestParams?.toString() ?? ''}
        hasArea={Boolean(found.requestParams)}
        search={found.search}
        nearest={found.nearest}
        onWiden={(circle) => {
          update({ circle, box: null, page: 1 });
          area.fitTo(circleBounds(circle));
        }}
        hoveredId={hovered.hoveredId}
        onHover={hovered.hover}
        onSelect={actions.selectPlace}
        onPage={actions.turnPage}
        onSort={actions.setSort}
      />
    </>
  );
}
