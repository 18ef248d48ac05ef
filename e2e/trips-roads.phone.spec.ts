import { expect, test } from '@playwright/test';
import { routeAClassAAroundTheLowBridge, sayTheRigInFeetAndPounds, signedIn } from './support/trips-journeys';

test('on a phone, a class A motorhome goes around the demo roads’ low bridge and the leg says so, in feet with miles', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  await routeAClassAAroundTheLowBridge(trips);
  await trips.screenshot('trip-roads-class-a-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await sayTheRigInFeetAndPounds(trips);
});
