import { expect, test } from '@playwright/test';
import { ExplorerDriver } from './support/explorer-driver';
import { checkGoToSaysNoMatch, goToMoabAndSeeTheAreaNamedAfterIt } from './support/explorer-journeys';

test('on a phone, Go to finds a national park by its name, says when nothing matches, and a tap frames the park', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer('circle=-109.55,38.573,50000');
  await explorer.settledTotal();
  await expect(explorer.demoDataLabel).toBeVisible();

  await checkGoToSaysNoMatch(explorer);
  await explorer.screenshot('go-to-no-match-phone');

  await explorer.goToField.fill('');
  await explorer.typeGoTo('Arches');
  const park = explorer.goToSuggestions.filter({ hasText: 'Arches National Park' }).first();
  await expect(explorer.goToSuggestions.first()).toContainText('Arches National Park, UT, United States');
  expect(await explorer.pageWidth()).toBeLessThanOrEqual(390);
  await explorer.screenshot('go-to-arches-phone');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await park.tap();
  await expect.poll(() => explorer.urlParams().get('circle')?.split(',').slice(0, 2).join(',')).toBe('-109.596,38.708');
  await explorer.settledTotal();
  await goToMoabAndSeeTheAreaNamedAfterIt(explorer, 'tap');
});
