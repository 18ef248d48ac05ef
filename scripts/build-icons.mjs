// `node scripts/build-icons.mjs`: the installable app's PNG icons (public/icons/, and app/apple-icon.png, which Next
// links as the apple-touch-icon), drawn from app/icon.svg by Debian's Chromium through Playwright. Run it again after
// changing app/icon.svg and commit the PNGs.
// - icon-192.png, icon-512.png: the icon as it is, rounded corners on a transparent ground ("any").
// - icon-maskable-512.png, app/apple-icon.png: the same pin on a full square of the icon's colour, with no rounded
//   corners: the launcher (maskable) or iOS cuts its own shape, and the pin already sits inside the maskable safe zone
//   (the middle circle of 80%).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const icon = fs.readFileSync(path.join(root, 'app', 'icon.svg'), 'utf8');
const fullSquare = icon.replace(/<rect([^>]*?)\srx="[^"]*"/, '<rect$1');
if (fullSquare === icon) throw new Error('app/icon.svg: expected a <rect rx="…"> ground to square off');

const outputs = [
  { file: 'public/icons/icon-192.png', size: 192, svg: icon },
  { file: 'public/icons/icon-512.png', size: 512, svg: icon },
  { file: 'public/icons/icon-maskable-512.png', size: 512, svg: fullSquare },
  { file: 'app/apple-icon.png', size: 180, svg: fullSquare },
];

fs.mkdirSync(path.join(root, 'public', 'icons'), { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(root, file), omitBackground: true });
    await page.close();
    console.log(`${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
