/**
 * Writes src/app/routeTree.gen.ts from the route files under src/app/routes. The build and the
 * dev server do this through the Vite plugin; typecheck runs this first because a clean
 * checkout has no generated tree (it is not committed) and TypeScript needs it to type the
 * router. Both read their options from tsr.config.json, so they write the same tree.
 */
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
const config = getConfig({ disableLogging: true }, root);
await new Generator({ config, root }).run();
