/**
 * One Vite config for the web app build, the dev server and vitest.
 *
 * The router plugin generates src/app/routeTree.gen.ts from the files under src/app/routes and
 * splits each route into its own chunk. Its options live in tsr.config.json, which
 * scripts/generate-routes.mjs reads too: it writes the same tree before a typecheck on a clean
 * checkout, where the generated file (not committed) does not exist yet.
 */
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react-swc';
import { defineConfig } from 'vitest/config';

/**
 * Names this build. The hub's SharedWorker name and the service worker's caches carry it, so an
 * old and a new build never share a hub. BUILD_ID pins it (tests rebuild with a new one).
 */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

/** Where the dev server sends API and socket traffic: the server that scripts/dev.mjs starts. */
const apiTarget = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  // Plugin order matters: the router generates and splits route files before React compiles them.
  plugins: [tanstackRouter(), react()],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
