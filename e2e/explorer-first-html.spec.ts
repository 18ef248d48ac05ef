import { expect, test } from '@playwright/test';
import { DENSE_CIRCLE } from './fixtures/areas';
import { apiSearch } from './fixtures/places-api';
import { ExplorerDriver } from './support/explorer-driver';
import { searchRequestParams } from '../lib/explorer/search-request';
import { parseExplorerState } from '../lib/explorer/url-state';

// The first results and their total come in the server's HTML: a phone shows them before any JavaScript has run,
// and the map (which starts once the page is interactive) never holds them back.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const query of ['', DENSE_CIRCLE]) {
    test(`the first HTML holds the results and their total (${query || 'the default circle'})`, async ({ page }, testInfo) => {
      const explorer = new ExplorerDriver(page, testInfo);
      await explorer.visit(query);
      // The page's own search, asked of the Place API directly: the same places in the same order, the same total.
      const request = searchRequestParams(parseExplorerState(new URLSearchParams(query)))!;
      const expected = await apiSearch(request.toString());
      expect(expected.meta.total).toBeGreaterThan(0);

      // Visible, not only present: a streamed segment would sit in a hidden element until a script moved it.
      const total = explorer.resultsHeading;
      await expect(total).toBeVisible();
      await expect(total).toHaveText(`${expected.meta.total.toLocaleString('en-US')} ${expected.meta.total === 1 ? 'place' : 'places'}`);
      const cards = explorer.resultButtons;
      await expect(cards).toHaveCount(expected.data.length);
      expect(await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-place-id'))))).toEqual(expected.data.map((p) => p.id));
      await expect(cards.first()).toBeVisible();
      await expect(cards.first()).toContainText(expected.data[0].name);
      // No skeletons: the list is the answer, not a placeholder for it.
      await expect(explorer.resultsLoading).toHaveCount(0);
      // The filters and the area are in the HTML too.
      await expect(explorer.searchAreaHeading).toBeVisible();
      await expect(explorer.text('Filters', { exact: true })).toBeVisible();
    });
  }
});
