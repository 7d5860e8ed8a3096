/**
 * ESLint 9 flat config. typescript-eslint's recommended rules without type information (the
 * typecheck is its own step; linting stays fast), the React hooks rules for the web app, the
 * right globals for each kind of file, and the architecture's boundaries (ARCHITECTURE.md): which
 * folder may import which, and no import cycles. A wrong import fails `npm run lint`, and so CI.
 */
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders directly under `parent`: the server's modules, the app's features. */
function foldersOf(parent) {
  return fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const serverModules = foldersOf('server/modules');
const appFeatures = foldersOf('src/app/features');

/** Server layers, lowest first: each may import those below it, never those above. */
const serverZones = [
  { target: 'server/db', from: ['server/core', 'server/ledger', 'server/engine', 'server/prices', 'server/scheduler', 'server/realtime', 'server/http', 'server/modules', 'server/seed', 'server/cluster'], message: 'the database layer is the lowest: it imports no other layer' },
  { target: 'server/core', from: ['server/ledger', 'server/engine', 'server/prices', 'server/scheduler', 'server/realtime', 'server/http', 'server/modules', 'server/seed', 'server/cluster'], message: 'core holds domain primitives: it imports no other layer but the database types' },
  { target: 'server/ledger', from: ['server/engine', 'server/prices', 'server/scheduler', 'server/realtime', 'server/http', 'server/modules', 'server/seed', 'server/cluster'], message: 'the ledger is below the engine, the transport and the modules' },
  { target: 'server/redis', from: ['server/db', 'server/core', 'server/ledger', 'server/chain', 'server/engine', 'server/prices', 'server/scheduler', 'server/realtime', 'server/http', 'server/modules', 'server/seed'], message: 'the Redis connections know no layer: every layer may use them' },
  { target: 'server/chain', from: ['server/ledger', 'server/engine', 'server/prices', 'server/scheduler', 'server/realtime', 'server/http', 'server/modules', 'server/seed', 'server/cluster'], message: 'the chain interface and its simulator know blocks and transfers, not balances: they import only the database and core' },
  { target: 'server/scheduler', from: ['server/engine', 'server/prices', 'server/realtime', 'server/http', 'server/modules', 'server/seed', 'server/cluster'], message: 'the scheduler runs jobs that modules register: it imports no module' },
  { target: 'server/engine', from: ['server/prices', 'server/realtime', 'server/http', 'server/modules', 'server/seed', 'server/cluster'], message: 'the engine is below the transport and the modules' },
  { target: 'server/prices', from: ['server/realtime', 'server/http', 'server/modules', 'server/seed', 'server/cluster'], message: 'the index prices read the engine; modules read them' },
  { target: 'server/http', from: ['server/engine', 'server/ledger', 'server/prices', 'server/scheduler', 'server/realtime', 'server/modules', 'server/seed', 'server/cluster'], message: 'server/http maps refusals to the envelope and guards requests; it knows no area' },
  // singletons.ts is composition: it starts the areas' loops on the leader.
  { target: '**/server/cluster/!(singletons).ts', from: ['server/realtime', 'server/modules', 'server/seed'], message: 'the cluster routes engine calls between instances and elects the leader: it knows the engine, not the areas' },
  { target: 'server/realtime', from: ['server/modules', 'server/seed'], message: 'the socket server learns of modules through realtimeHooks, never by importing them' },
  { target: 'server/modules', from: ['server/seed'], message: 'the seed is composition: modules never import it' },
  // A module may use another's service, never its SQL or its routes.
  ...serverModules.map((module) => ({
    target: `server/modules/${module}`,
    from: serverModules.filter((other) => other !== module).flatMap((other) => [`server/modules/${other}/repo.ts`, `server/modules/${other}/routes.ts`]),
    message: "another area's repo and routes are its own: use its service",
  })),
];

/** The web app's threads and folders (ARCHITECTURE.md, "Threads" and "Folders of the app"). */
const appZones = [
  { target: 'src/shared', from: ['src/app', 'src/workers', 'src/sw', 'server'], message: 'src/shared runs everywhere: no DOM, no worker, no server code' },
  { target: 'src/workers', from: ['src/app', 'src/sw', 'server'], message: 'the hub talks to tabs through its protocol only' },
  { target: 'src/sw', from: ['src/app', 'src/workers', 'server'], message: 'the service worker talks to tabs through its protocol only' },
  { target: 'src/app', from: ['server'], message: 'the app reaches the server through the API only' },
  { target: 'src/app', from: ['src/sw'], except: ['./protocol.ts'], message: 'the app reaches the service worker through src/sw/protocol.ts only' },
  { target: 'src/app', from: ['src/workers'], except: ['./protocol.ts'], message: 'the app reaches the hub through src/workers/protocol.ts only' },
  { target: 'src/app/ui', from: ['src/app/features', 'src/app/routes', 'src/app/layout'], message: 'the UI kit knows no screen' },
  // A feature never imports another feature: what two share moves to ui/ or shared/.
  ...appFeatures.map((feature) => ({
    target: `src/app/features/${feature}`,
    from: appFeatures.filter((other) => other !== feature).map((other) => `src/app/features/${other}`),
    message: 'a feature never imports another feature: move what they share to src/app/ui or src/shared',
  })),
];

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    '.tmp/',
    'src/app/routeTree.gen.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/shared/**/*.ts'],
    // Shared code runs in tabs, workers and the server: only what all of them have.
    languageOptions: { globals: globals['shared-node-browser'] },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.{ts,tsx}', '*.config.{js,ts}', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...appZones] }],
      'import-x/no-cycle': 'error',
    },
  },
]);
