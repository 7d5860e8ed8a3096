/**
 * One Vite config for the web app build, the dev server and vitest.
 *
 * The router plugin generates src/app/routeTree.gen.ts from the files under src/app/routes and
 * splits each route into its own chunk. Its options live in tsr.config.json, which
 * scripts/generate-routes.mjs reads too: it writes the same tree before a typecheck on a clean
 * checkout, where the generated file (not committed) does not exist yet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react-swc';
import type { Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
// With an extension, as Vite's config loader asks; TypeScript resolves the .js to the .ts source.
import { warmFileNames, type BundleChunkFacts } from './src/sw/shellPartition.js';
import { catalogManifestPlugin } from './scripts/lib/catalogManifest.js';
import { routeManifestPlugin } from './scripts/lib/routeManifest.js';
import { precompressPlugin } from './scripts/lib/precompress.js';

/**
 * Names this build. The hub's SharedWorker name and the service worker's caches carry it, so an
 * old and a new build never share a hub. BUILD_ID pins it (tests rebuild with a new one).
 */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

/*
 * PWA policy: everything the manifest, the precache and the service worker's build follow.
 * The service worker's own rules (what it answers from cache, when it warms) are in src/sw.
 */

/** The web app manifest: Chromium installs the app with it (name, 192 and 512 px icons, standalone). */
const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Exchange',
  short_name: 'Exchange',
  description: 'Trade crypto assets: quotes, spot exchange, futures, binary options, P2P and finance products.',
  lang: 'en',
  dir: 'ltr',
  // One manifest for every language: a launch opens in the user's stored language (src/app/pwa/launch.ts).
  start_url: '/?launch=app',
  scope: '/',
  display: 'standalone',
  // The light theme's background (index.html's theme-color meta tags follow the system theme in a tab).
  theme_color: '#f5f6f8',
  background_color: '#f5f6f8',
  categories: ['finance'],
  icons: [
    { src: '/icons/app/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/app/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/app/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/app/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/app/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  // The screens a trader opens most, from the app icon's menu (spec 2 paths).
  shortcuts: [
    { name: 'Quotes', url: '/Quotes?launch=app', icons: [{ src: '/icons/app/icon-96.png', sizes: '96x96', type: 'image/png' }] },
    { name: 'Spot exchange', short_name: 'Exchange', url: '/Exchange?launch=app', icons: [{ src: '/icons/app/icon-96.png', sizes: '96x96', type: 'image/png' }] },
    { name: 'Assets', url: '/Assets?launch=app', icons: [{ src: '/icons/app/icon-96.png', sizes: '96x96', type: 'image/png' }] },
    { name: 'Notifications', url: '/Profile/Notification?launch=app', icons: [{ src: '/icons/app/icon-96.png', sizes: '96x96', type: 'image/png' }] },
  ],
};

/** What the precache manifest lists: the whole build and the public files a page uses. */
const PRECACHE_GLOB_PATTERNS = ['**/*.{html,js,css,svg,png,webp,woff2}']; // no webmanifest: vite-plugin-pwa adds it once itself
const PRECACHE_GLOB_IGNORES = [
  'icons/coins/**', // content images: the service worker's image cache keeps the ones a page shows
  'icons/app/**', // install and launcher icons: the browser reads them when it installs, online; no page shows them
];

/**
 * The shell/warm split of the precache manifest (src/sw/shellPartition.ts): this plugin reads the
 * bundle's import graph while Vite writes it, and the manifest transform below marks the warm
 * entries, which the service worker fetches after install only on a good connection.
 */
function shellPartitionPlugin(): { plugin: Plugin; isWarm: (url: string) => boolean } {
  let warm = new Set<string>();
  const plugin: Plugin = {
    name: 'exchange:shell-partition',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BundleChunkFacts[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          importedCss: [...(output.viteMetadata?.importedCss ?? [])],
          moduleIds: output.moduleIds,
        });
      }
      warm = warmFileNames(chunks);
    },
  };
  return { plugin, isWarm: (url) => warm.has(url) };
}

const shellPartition = shellPartitionPlugin();

const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false, // src/app/pwa registers it: the update prompt needs the registration
  includeManifestIcons: false, // the glob below decides which icons are precached
  manifest: WEB_APP_MANIFEST,
  injectManifest: {
    globPatterns: PRECACHE_GLOB_PATTERNS,
    globIgnores: PRECACHE_GLOB_IGNORES,
    rollupFormat: 'iife', // a classic script: no module service worker needed, every browser with one runs it
    manifestTransforms: [
      (entries) => ({ manifest: entries.map((entry) => (shellPartition.isWarm(entry.url) ? { ...entry, warm: true } : entry)) }),
    ],
  },
});

/*
 * Chunking. Over HTTP/1.1 a browser asks one server for six files at a time, so a first paint that
 * needs forty small chunks waits for seven rounds of requests. The groups below cut the count:
 * - `app`: everything the entry imports statically (React, the router, the layout every page
 *   draws, the hub's bridge), one file with the entry instead of a dozen that index.html preloads;
 * - `kit`: the UI kit's light components (React alone: panels, badges, tables, fields, market
 *   bits) that several screens share, one file instead of one per component. The kit's parts built
 *   on Radix or a QR library stay out of it, so a screen that needs none of them does not load them;
 * - what the screens a trader opens first (quotes and the trading pages) share, by kind: `radix`
 *   (the Radix core), `tabs` (the kit's tabs and the Radix parts under them), `dialog` (the kit's
 *   modal frame with its focus and scroll locks, which ui/Dialog.tsx loads on first open), `api`
 *   (zod with the call schemas of markets and the exchange), `page` (a titled page's frame and the
 *   page registry) and `trading` (the trading pages' header, layout and market state). The
 *   bundler's own splitting made two to five chunks of each, one per set of pages that share them.
 *   Quotes went from 18 files after the entry to 13, the exchange from 20 to 14 (issue 14: they
 *   were the tail of Lighthouse's largest contentful paint on a phone network). The cost: a page
 *   that uses part of a group loads all of it. Over the 66 route pages, requests went from 1,229
 *   to 1,100 and minified bytes up by 3.7 %; the most a page gained is 41 KB minified (the
 *   document upload page: the tabs and dialog groups).
 * Route chunks, catalogs, the chart and the rest keep the bundler's own splitting.
 */
const UI_KIT_DIR = path.resolve('src/app/ui');
/** The kit's modules that import no package but React and Lingui. */
const LIGHT_KIT_MODULES = new Set(
  fs
    .readdirSync(UI_KIT_DIR)
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(UI_KIT_DIR, name))
    .filter((file) => [...fs.readFileSync(file, 'utf8').matchAll(/from '([^.'][^']*)'/g)].every(([, from]) => /^(react|react\/.*|@lingui\/.*)$/.test(from ?? ''))),
);
/** A module path matcher from path patterns written with forward slashes (a module id may use either). */
function modules(...patterns: string[]): (id: string) => boolean {
  const matcher = new RegExp(patterns.map((pattern) => pattern.replaceAll('/', '[\\\\/]')).join('|'));
  return (id) => matcher.test(id);
}
const RADIX = 'node_modules/@radix-ui/';
/** Two small dependency-free modules that home, quotes and most screens read: they go with the kit. */
const SMALL_SHARED_MODULES = modules('src/app/i18n/typeNames\\.', 'src/shared/content-sections\\.');
const CODE_SPLITTING_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 2 },
  {
    name: 'kit',
    test: (id: string) => LIGHT_KIT_MODULES.has(id) || SMALL_SHARED_MODULES(id),
    minShareCount: 3,
    priority: 1,
  },
  {
    name: 'radix',
    test: modules(
      `${RADIX}(react-slot|react-presence|react-context|react-primitive|primitive|react-compose-refs|react-use-controllable-state|react-use-effect-event|react-use-callback-ref|react-id|react-use-layout-effect)/`,
    ),
    priority: 1,
  },
  {
    name: 'dialog',
    test: modules(
      `${RADIX}(react-dialog|react-dismissable-layer|react-focus-scope|react-focus-guards|react-portal|react-use-escape-keydown)/`,
      'node_modules/(react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|tslib)/',
      'src/app/ui/Dialog(Frame\\.|\\.module\\.)',
    ),
    priority: 1,
  },
  { name: 'api', test: modules('node_modules/zod/', 'src/shared/api/(fields|call|market|exchange)\\.ts$'), priority: 1 },
  { name: 'page', test: modules('src/app/layout/PageFrame\\.', 'src/app/pages/registry\\.'), priority: 1 },
  { name: 'trading', test: modules('src/app/layout/(TradingHeader|TradingPage)\\.', 'src/app/state/market\\.'), priority: 1 },
];

/*
 * The runtime under the React API. The app, the router, Radix and Lingui are written against React
 * 19's API (and typechecked with @types/react); the build, the dev server and vitest run them on
 * Preact 11's compat layer, which implements that API (hooks, use, useEffectEvent, ref cleanups,
 * portals, Suspense, lazy) in about 10 KB of the entry instead of React DOM's 207 KB minified
 * (issue 14: the entry went from 119 to 70 KB brotli, which a phone network downloads before the
 * first paint).
 * What it does not have is concurrent rendering: startTransition runs its update at once, so a
 * large screen renders in one task instead of time slices. The end-to-end suite runs against this
 * build, so every screen is proven on the runtime it ships with.
 */
const RUNTIME_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** Where the dev server sends API and socket traffic: the server that scripts/dev.mjs starts. */
const apiTarget = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  // Plugin order matters: the router generates and splits route files before React compiles them
  // (with the Lingui macros); the PWA plugins come last, since they read the finished bundle.
  plugins: [
    tanstackRouter(),
    // The Lingui macros compile in SWC; the v5 id option keeps their ids equal to the CLI's catalogs (TOOLCHAIN.md).
    react({ plugins: [['@lingui/swc-plugin', { useLinguiV5IdGeneration: true }]] }),
    lingui(), // compiles locales/<language>/messages.po imports into message modules
    catalogManifestPlugin(), // catalogs.json: the server preloads a page's catalog beside the entry
    routeManifestPlugin(), // routes.json: and the page's route chunks
    shellPartition.plugin,
    pwa,
    // Last: brotli and gzip twins of every text file, the service worker's included (the server
    // sends the one the browser accepts).
    precompressPlugin(),
  ],
  // The app is written against React 19's API and runs on Preact's compat layer (see RUNTIME_ALIASES).
  resolve: { alias: RUNTIME_ALIASES },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: CODE_SPLITTING_GROUPS } } },
  },
  // The hub (src/workers) runs as a module SharedWorker, or as a module dedicated worker in the
  // leader tab where SharedWorker is missing: both load the same ES module bundle.
  worker: { format: 'es' },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/reliability/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // The packages built on React go through Vite too, so that they get the runtime aliases above
    // (Node would load the react package for them).
    server: { deps: { inline: [/@lingui\/react/, /@radix-ui\//, /@tanstack\/react-/, /valtio/, /react-remove-scroll/, /use-callback-ref/, /use-sidecar/, /react-style-singleton/] } },
    // The one CommonJS package under them that reads React: an ES module twin (its header says why).
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: path.resolve('tests/helpers/useSyncExternalStoreWithSelector.ts') }],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
