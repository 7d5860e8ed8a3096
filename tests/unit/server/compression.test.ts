/**
 * Proves that what the server sends is compressed the way a browser on a phone network needs: the
 * web app's files as the brotli or gzip twin the build made (with content-encoding and vary), page
 * navigations as the compressed index.html, API answers above a packet compressed on the way out,
 * and everything plain for a client that accepts no encoding.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../../server/app';
import { PRECOMPRESS_MIN_BYTES, precompressFolder } from '../../../scripts/lib/precompress';
import { buildTestServer, type TestServer } from '../../helpers/server';

const SCRIPT = `export const rows = [${Array.from({ length: 2000 }, (_, index) => `{ id: ${index}, name: 'row ${index}' }`).join(',\n')}];\n`;
const PAGE = `<!doctype html><html><head><title>Exchange</title></head><body>${'<div class="frame"></div>'.repeat(200)}</body></html>`;
const TINY = 'body{margin:0}';

let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-webroot-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), PAGE);
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(webRoot, 'assets', 'tiny-abc123.css'), TINY);
  await precompressFolder(webRoot);
  server = await buildTestServer({ webRoot });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('precompression at build', () => {
  it('writes a brotli and a gzip twin of a text file, each decoding to the file', () => {
    const script = path.join(webRoot, 'assets', 'app-abc123.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(`${script}.gz`)).toString()).toBe(SCRIPT);
    expect(fs.statSync(`${script}.br`).size).toBeLessThan(SCRIPT.length / 5);
  });

  it(`leaves a file under ${PRECOMPRESS_MIN_BYTES} bytes alone`, () => {
    expect(fs.existsSync(path.join(webRoot, 'assets', 'tiny-abc123.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(webRoot, 'assets', 'tiny-abc123.css.gz'))).toBe(false);
  });
});

describe('the web app\'s files', () => {
  it('sends the brotli twin to a browser that accepts brotli, with the file\'s type and vary', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip twin where only gzip is accepted, and the plain file where nothing is', async () => {
    const gzipped = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a page navigation the compressed index.html', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/en/Quotes', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });

  it('sends a small file without a twin as it is', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/tiny-abc123.css', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(TINY);
  });
});

describe('API answers', () => {
  it(`compresses a JSON answer over ${COMPRESS_MIN_BYTES} bytes for a client that accepts it`, async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/api/v1/quotation/symbols' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const response = await server.app.inject({ method: 'GET', url: '/api/v1/quotation/symbols', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const decoded = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(response.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gzipped = await server.app.inject({ method: 'GET', url: '/api/v1/quotation/symbols', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ errcode: 3 });
  });
});
