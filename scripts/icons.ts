/**
 * The install icons (web manifest) from public/favicon.svg, drawn by Debian's Chromium
 * (playwright-core, already a dev dependency): 192 and 512 px on a transparent background, and a
 * 512 px maskable one (the mark inside the central 80 % safe zone, on the theme's dark background).
 *
 *   tsx scripts/icons.ts    # writes public/icons/icon-{192,512}.png and icon-maskable-512.png
 *
 * The PNGs are committed; run again only when the favicon changes.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/e2e/harness.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'public', 'icons');
/** The manifest's background_color (the dark theme's page background). */
export const ICON_BACKGROUND = '#0f1115';

const svg = readFileSync(join(ROOT, 'public', 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  mkdirSync(OUT, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const mark = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
    const background = icon.maskable ? ICON_BACKGROUND : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;background:${background};display:grid;place-items:center;inline-size:${icon.size}px;block-size:${icon.size}px">` +
        `<img src="${dataUrl}" width="${mark}" height="${mark}" alt=""></body></html>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({ omitBackground: !icon.maskable, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    writeFileSync(join(OUT, icon.file), png);
    await page.close();
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
