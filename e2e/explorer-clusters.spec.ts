import { test } from '@playwright/test';
import { DENSE_CIRCLE } from './fixtures/areas';
import { checkClusters } from './support/cluster-checks';
import { ExplorerDriver } from './support/explorer-driver';

test('the map shows every match: its clusters add up to the list’s total, and a click on a cluster zooms in', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  const answers = explorer.watchClusterAnswers();
  // The densest part of the demo data (300 km around New York), framed whole on the map.
  await explorer.openExplorer(DENSE_CIRCLE);
  await checkClusters(explorer, answers, 'clusters');
});
