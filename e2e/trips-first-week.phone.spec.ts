import { expect, test } from '@playwright/test';
import { keepTheTripAndSeeWhenToTheMinute, openTheTripWithoutAHydrationMismatch, theParksTrip } from './support/first-week-journeys';

test.describe('a retired couple’s first week (issue 49), phone', () => {
  test.describe('in Phoenix’s time zone and in British English', () => {
    test.use({ timezoneId: 'America/Phoenix', locale: 'en-GB' });

    test('the trip page hydrates without a mismatch, and a kept trip says when to the minute', async ({ page }, testInfo) => {
      const { trips, id } = await theParksTrip(page, testInfo);
      await openTheTripWithoutAHydrationMismatch(trips, id);
      await keepTheTripAndSeeWhenToTheMinute(trips);
      await trips.screenshot('first-week-parks-trip-phone');
      expect(await trips.seriousAxeViolations()).toEqual([]);
    });
  });
});
