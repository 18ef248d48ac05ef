// The route shields: which network a road's ref names, and the images the map draws the numbers in.
import { describe, expect, it } from 'vitest';
import { ROUTE_NETWORKS, routeShield } from '@/lib/map/route-shields';
import { shieldImage } from '@/lib/map/shield-images';

describe('a road’s route shield', () => {
  it.each([
    ['I 70', { network: 'us-interstate', route: '70' }],
    ['I-70', { network: 'us-interstate', route: '70' }],
    ['I 35E', { network: 'us-interstate', route: '35E' }],
    ['I 70;US 6;US 50', { network: 'us-interstate', route: '70' }],
    ['US 191', { network: 'us-highway', route: '191' }],
    [' US 6 ; I 70', { network: 'us-highway', route: '6' }],
    ['UT 128', { network: 'us-state', route: '128' }],
    ['CO 9', { network: 'us-state', route: '9' }],
    ['99', { network: 'road', route: '99' }],
    ['99A;1A', { network: 'road', route: '99A' }],
    ['SR 9', { network: 'road', route: 'SR 9' }],
  ])('reads %s as %o', (ref, shield) => {
    expect(routeShield(ref)).toEqual(shield);
  });

  it.each([null, undefined, '', ';', 'Old Spanish Trail', 'County Road 12', 'Nº 138', 'US 6\u00a0'])('gives %s no shield (as the Lua profile, which counts bytes and trims ASCII spaces)', (ref) => {
    expect(routeShield(ref)).toBeNull();
  });
});

describe('a shield’s image', () => {
  const pixel = (image: ReturnType<typeof shieldImage>, x: number, y: number) => Array.from(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4));

  it('is drawn at the screen’s density, its stretches inside its number’s box, which a digit fills', () => {
    expect(shieldImage('us-highway', 2)).toMatchObject({ width: 44, height: 40, pixelRatio: 2 });
    for (const network of ROUTE_NETWORKS) {
      for (const ratio of [1, 2, 3]) {
        const image = shieldImage(network, ratio);
        expect(image.pixelRatio).toBe(ratio);
        expect(image.data.length).toBe(image.width * image.height * 4);
        const [left, top, right, bottom] = image.content;
        expect(0 < left && left < right && right < image.width && 0 < top && top < bottom && bottom < image.height, `${network} content`).toBe(true);
        for (const [a, b] of image.stretchX) expect(left <= a && a < b && b <= right, `${network} stretchX`).toBe(true);
        for (const [a, b] of image.stretchY) expect(top <= a && a < b && b <= bottom, `${network} stretchY`).toBe(true);
        // What does not stretch of the number's box stays narrower than one digit with its padding (about 10 px).
        const fixedWidth = right - left - image.stretchX.reduce((sum, [a, b]) => sum + b - a, 0);
        expect(fixedWidth / ratio, `${network} fixed width`).toBeLessThanOrEqual(10);
      }
    }
  });

  it('draws an Interstate blue under a red band, a US highway white inside a dark border, and nothing past the corners', () => {
    const interstate = shieldImage('us-interstate', 2);
    expect(pixel(interstate, interstate.width / 2, 6)).toEqual([0xc4, 0x3a, 0x2f, 255]);
    expect(pixel(interstate, interstate.width / 2, interstate.height - 10)).toEqual([0x1e, 0x4f, 0x9c, 255]);
    expect(pixel(interstate, 0, 0)[3]).toBe(0);
    const highway = shieldImage('us-highway', 1);
    expect(pixel(highway, 11, 10)).toEqual([255, 255, 255, 255]);
    expect(pixel(highway, 11, 1)).toEqual([0x26, 0x23, 0x1e, 255]);
    expect(pixel(highway, 0, 0)[3]).toBe(0);
  });
});
