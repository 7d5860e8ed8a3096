/**
 * Draws the app's PNG icons from their SVG sources in public/icons/app with Chromium, the browser
 * the end-to-end suite already needs (no image library to install). The PNGs are committed: run
 * this after changing an SVG (`npx tsx scripts/generate-icons.ts`).
 *
 * The web app manifest (vite.config.ts) lists these files; Chromium's install criteria want a
 * 192 px and a 512 px icon, and launchers that crop to a shape want the maskable one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const ICON_FOLDER = path.join('public', 'icons', 'app');

/** Each PNG: its SVG source and its side in pixels. */
const ICONS = [
  { source: 'icon.svg', output: 'icon-96.png', sidePx: 96 },
  { source: 'icon.svg', output: 'icon-192.png', sidePx: 192 },
  { source: 'icon.svg', output: 'icon-512.png', sidePx: 512 },
  { source: 'icon.svg', output: 'apple-touch-icon-180.png', sidePx: 180 },
  { source: 'icon-maskable.svg', output: 'icon-maskable-192.png', sidePx: 192 },
  { source: 'icon-maskable.svg', output: 'icon-maskable-512.png', sidePx: 512 },
] as const;

function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', chromium.executablePath()];
  const found = candidates.find((candidate) => candidate !== undefined && fs.existsSync(candidate));
  if (!found) throw new Error('No Chromium to draw the icons with: set CHROME_PATH or install chromium.');
  return found;
}

async function generateIcons(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const icon of ICONS) {
      const svg = fs.readFileSync(path.join(ICON_FOLDER, icon.source), 'utf8');
      await page.setViewportSize({ width: icon.sidePx, height: icon.sidePx });
      const markup = `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.sidePx}px;height:${icon.sidePx}px}</style>${svg}`;
      await page.setContent(markup);
      const outputPath = path.join(ICON_FOLDER, icon.output);
      await page.screenshot({ path: outputPath, omitBackground: true, clip: { x: 0, y: 0, width: icon.sidePx, height: icon.sidePx } });
      console.log(`${outputPath} (${icon.sidePx} px)`);
    }
  } finally {
    await browser.close();
  }
}

await generateIcons();
