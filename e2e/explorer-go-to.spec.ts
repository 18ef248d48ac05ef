import { expect, test } from '@playwright/test';
import { ExplorerDriver } from './support/explorer-driver';
import { checkGoToSaysNoMatch, goToMoabAndSeeTheAreaNamedAfterIt } from './support/explorer-journeys';

// The Explorer looking at Moab, Utah, as a traveler bound for the parks would have it.
const AROUND_MOAB = 'circle=-109.55,38.573,50000';

test.describe('Go to finds where travelers go', () => {
  test('national parks by their name, the town at a park’s gate by "name, state", St for Saint, and the nearer name first', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer(AROUND_MOAB);
    await explorer.settledTotal();

    await explorer.typeGoTo('Zion');
    await expect(explorer.goToSuggestions.first()).toContainText('Zion National Park, UT, United States');
    await expect(explorer.goToSuggestions.first()).toContainText('Park');
    await expect(explorer.goTo).toContainText('Natural Earth');
    await explorer.screenshot('go-to-zion');
    expect(await explorer.seriousAxeViolations()).toEqual([]);

    for (const [typed, first] of [
      ['St George', 'Saint George, UT, United States'],
      ['Yellowstone', 'Yellowstone National Park, WY, United States'],
      ['Springdale, UT', 'Springdale, UT, United States'],
      ['Springdale', 'Springdale, UT, United States'],
    ]) {
      await explorer.goToField.fill('');
      await explorer.typeGoTo(typed);
      await expect(explorer.goToSuggestions.first(), typed).toContainText(first);
    }

    // Choosing the park frames it and searches around it.
    await explorer.goToField.fill('');
    await explorer.typeGoTo('zion national');
    await explorer.goToSuggestions.first().click();
    await expect(explorer.announcement('The map shows Zion National Park, UT, United States.')).toBeAttached();
    await expect.poll(() => explorer.urlParams().get('circle')?.split(',').slice(0, 2).join(',')).toBe('-113.04,37.323');
    await explorer.settledTotal();
    await goToMoabAndSeeTheAreaNamedAfterIt(explorer, 'click');
  });

  test('a name that matches nothing says so on the screen', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer(AROUND_MOAB);
    await explorer.settledTotal();
    await checkGoToSaysNoMatch(explorer);
    await explorer.screenshot('go-to-no-match');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
  });
});
