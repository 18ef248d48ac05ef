import { expect, test } from '@playwright/test';
import { routeAClassAAroundTheLowBridge, signedIn } from './support/trips-journeys';

test('on a phone, a class A motorhome goes around the demo roads’ low bridge and the leg says so', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  await routeAClassAAroundTheLowBridge(trips);
  await trips.screenshot('trip-roads-class-a-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);
});
