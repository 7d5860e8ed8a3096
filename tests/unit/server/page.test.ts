/**
 * Proves the page answer's preloads (issue 14): a page navigation gets index.html with a
 * modulepreload link for the catalog of the page's language, read from the build's catalogs.json,
 * and links for the chunks and styles of the page's route, read from routes.json, so that the
 * browser fetches them beside the entry; a redeployed build's lists are read again, and a web
 * root without a catalog list gets its index.html as stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEncodingFor } from '../../../server/http/page';
import { CATALOG_MANIFEST_FILE } from '../../../src/shared/catalog-manifest';
import { ROUTE_MANIFEST_FILE } from '../../../src/shared/route-manifest';
import { buildTestServer, type TestServer } from '../../helpers/server';

const PAGE = `<!doctype html><html><head><title>Exchange</title><script type="module" src="/assets/index-abc.js"></script></head><body>${'<div class="frame"></div>'.repeat(60)}</body></html>`;
const MANIFEST = { en: '/assets/messages-en1.js', id: '/assets/messages-id1.js', 'zh-CHT': '/assets/messages-zht1.js', de: '/assets/messages-de1.js' };

let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-webroot-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), PAGE);
  fs.writeFileSync(path.join(webRoot, CATALOG_MANIFEST_FILE), JSON.stringify(MANIFEST));
  server = await buildTestServer({ webRoot });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
}

function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
}

function stylePreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
}

/** Writes a manifest with a modification time later than the last one's, as a redeploy does. */
function writeLater(file: string, content: string): void {
  fs.writeFileSync(file, content);
  const later = new Date(Date.now() + 10_000 + Math.random() * 1_000);
  fs.utimesSync(file, later, later);
}

describe('the page answer', () => {
  it('preloads the catalog of the page language: the prefix in any case, else the default language', async () => {
    for (const [url, catalog] of [
      ['/en/Quotes', MANIFEST.en],
      ['/EN/exchange?id=btc_usdt', MANIFEST.en],
      ['/zh-cht/assets/assetDeposit', MANIFEST['zh-CHT']],
      ['/', MANIFEST.id],
      ['/quotes', MANIFEST.id],
      ['/xx/quotes', MANIFEST.id],
    ] as const) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(preloads(response.body), url).toEqual([catalog]);
      // The link is in the head, after the entry script, and the page is otherwise as built.
      expect(response.body.replace(/<link rel="modulepreload"[^>]*>/, ''), url).toBe(PAGE);
      expect(response.body.indexOf('modulepreload'), url).toBeLessThan(response.body.indexOf('</head>'));
    }
  });

  it('goes out compressed to a browser that accepts it', async () => {
    const response = await page('/de', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(preloads(zlib.brotliDecompressSync(response.rawPayload).toString())).toEqual([MANIFEST.de]);
    const gzipped = await page('/de', { 'accept-encoding': 'br;q=0, gzip;q=0.8' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(preloads(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual([MANIFEST.de]);
  });

  it('reads the encodings a browser accepts, refusals (q=0) included', () => {
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncodingFor('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pageEncodingFor('deflate')).toBe('identity');
    expect(pageEncodingFor(undefined)).toBe('identity');
  });

  it("preloads the page route's chunks and styles after the catalog; a path the routes do not list gets the catalog alone", async () => {
    const routesFile = path.join(webRoot, ROUTE_MANIFEST_FILE);
    const quotes = { scripts: ['/assets/quotes-1.js', '/assets/Screen-1.js'], styles: ['/assets/Screen-1.css'] };
    const home = { scripts: ['/assets/home-1.js'], styles: [] };
    writeLater(routesFile, JSON.stringify({ '/quotes': quotes, '/': home }));
    try {
      for (const [url, catalog, route] of [
        ['/en/Quotes', MANIFEST.en, quotes],
        ['/quotes/?type=2', MANIFEST.id, quotes],
        ['/de', MANIFEST.de, home],
        ['/', MANIFEST.id, home],
        ['/en/announcements/detail?id=3', MANIFEST.en, null],
        ['/en/constructor', MANIFEST.en, null],
      ] as const) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(200);
        expect(preloads(response.body), url).toEqual([catalog, ...(route?.scripts ?? [])]);
        expect(stylePreloads(response.body), url).toEqual(route?.styles ?? []);
        expect(response.body.replace(/<link rel="(modulepreload|preload)"[^>]*>/g, ''), url).toBe(PAGE);
        expect(response.body.lastIndexOf('<link'), url).toBeLessThan(response.body.indexOf('</head>'));
      }
      // A list that is not one (a broken deploy) leaves the catalog's link.
      writeLater(routesFile, '["/quotes"]');
      expect(preloads((await page('/en/quotes')).body)).toEqual([MANIFEST.en]);
    } finally {
      fs.rmSync(routesFile);
    }
    expect(preloads((await page('/en/quotes')).body)).toEqual([MANIFEST.en]);
  });

  it('reads a redeployed build again, and sends index.html as stored when the build lists no catalogs', async () => {
    const manifestFile = path.join(webRoot, CATALOG_MANIFEST_FILE);
    fs.writeFileSync(manifestFile, JSON.stringify({ ...MANIFEST, en: '/assets/messages-en2.js' }));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(manifestFile, later, later);
    expect(preloads((await page('/en')).body)).toEqual(['/assets/messages-en2.js']);
    fs.rmSync(manifestFile);
    const plain = await page('/en');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(PAGE);
  });
});
