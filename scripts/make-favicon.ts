// Draws the app's logo (the "Q" tile of src/web/index.html's icon) in Chromium at 16, 32 and 48 px and
// packs the three PNGs into src/web/public/favicon.ico, which browsers and crawlers ask for by name.
// Run once when the logo changes: npx tsx scripts/make-favicon.ts   (CHROMIUM_PATH)
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const logo = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" rx="8" fill="#4f46e5"/><text x="16" y="22" font-size="18" text-anchor="middle" fill="white" font-family="sans-serif" font-weight="bold">Q</text></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const images: { size: number; png: Buffer }[] = [];
try {
  const page = await browser.newPage();
  for (const size of [16, 32, 48]) {
    await page.setContent(`<html><body style="margin:0;background:transparent">${logo(size)}</body></html>`);
    images.push({ size, png: await page.locator('svg').screenshot({ omitBackground: true }) });
  }
} finally {
  await browser.close();
}

// ICO: a 6-byte header, a 16-byte entry per image, then the images (PNG inside ICO since Windows Vista).
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map(({ size, png }) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});
writeFileSync(new URL('../src/web/public/favicon.ico', import.meta.url), Buffer.concat([header, ...entries, ...images.map((i) => i.png)]));
console.log(`favicon.ico: ${offset} bytes`);
