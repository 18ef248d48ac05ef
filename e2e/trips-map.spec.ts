// Issue 40, minor (Markers): trip pins that are close stand side by side, each number readable.
import { expect, test } from '@playwright/test';
import { signedIn } from './support/trips-journeys';

// The camera flies here as it does for most people (the other specs emulate reduced motion): the pins settle after a flight.
test.use({ reducedMotion: 'no-preference' });

test('two stops a few kilometres apart on a long trip: their pins do not cover each other', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  await trips.givenTrip('Close pins', [
    { name: 'Denver', lon: -104.9903, lat: 39.7392 },
    { name: 'Lakewood', lon: -105.0814, lat: 39.7047 },
    { name: 'Moab', lon: -109.5498, lat: 38.5733 },
  ]);
  const pins = trips.pins;
  await expect(pins).toHaveCount(3);
  await expect(pins.nth(0)).toHaveText('1');
  // Once the map holds still, no two pins overlap: each number is on its own circle.
  await trips.projector();
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await pins.nth(i).boundingBox())!));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = 0; j < i; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const apart = a.x >= b.x + b.width - 0.5 || b.x >= a.x + a.width - 0.5 || a.y >= b.y + b.height - 0.5 || b.y >= a.y + a.height - 0.5;
      expect(apart, `pins ${j + 1} and ${i + 1} overlap`).toBe(true);
    }
  }
  await trips.screenshot('trip-close-pins');
});
