/**
 * Which files of a build are the app shell (precached when the service worker installs) and which
 * are warmed afterwards (fetched only when the connection allows). vite.config.ts decides it at
 * build time from the bundle's import graph and marks the warm entries of the precache manifest.
 *
 * The shell is what the first paint of any page needs: the entry chunks with everything they
 * import statically, and the layout routes (the frame every page draws) with their static imports,
 * so that the frame loads offline even when nothing was warmed. Warm is every other chunk that a
 * dynamic import reaches (a page's route chunk, a language catalog) and the styles that only those
 * chunks import. Files that are not chunks of the page's graph (icons, the hub's worker script)
 * stay in the shell.
 *
 * Plain data in and out (no Rollup types): the same function runs in unit tests.
 */

/** What the partition needs to know about one chunk of the bundle. */
export interface BundleChunkFacts {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
  importedCss: readonly string[];
  moduleIds: readonly string[];
}

/** A module of a layout route file of the TanStack file router (`__root.tsx`, `route.tsx`), split or not. */
export function isLayoutRouteModule(moduleId: string): boolean {
  return /[\\/]routes[\\/](?:.*[\\/])?(?:__root|route)\.tsx(?:\?|$)/.test(moduleId);
}

function staticClosure(starts: Iterable<string>, byName: Map<string, BundleChunkFacts>): Set<string> {
  const reached = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const fileName = pending.pop() as string;
    if (reached.has(fileName)) continue;
    reached.add(fileName);
    pending.push(...(byName.get(fileName)?.imports ?? []));
  }
  return reached;
}

/** The file names (relative to the build folder, as in the manifest) to warm rather than precache. */
export function warmFileNames(chunks: readonly BundleChunkFacts[], isLayoutModule = isLayoutRouteModule): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const shellStarts = chunks.filter((chunk) => chunk.isEntry || chunk.moduleIds.some(isLayoutModule)).map((chunk) => chunk.fileName);
  const shell = staticClosure(shellStarts, byName);

  const warm = new Set<string>();
  const pending = [...shell].flatMap((fileName) => byName.get(fileName)?.dynamicImports ?? []);
  while (pending.length > 0) {
    const fileName = pending.pop() as string;
    if (shell.has(fileName) || warm.has(fileName)) continue;
    warm.add(fileName);
    const chunk = byName.get(fileName);
    pending.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []));
  }

  const shellCss = new Set([...shell].flatMap((fileName) => byName.get(fileName)?.importedCss ?? []));
  const warmCss = [...warm].flatMap((fileName) => byName.get(fileName)?.importedCss ?? []).filter((css) => !shellCss.has(css));
  return new Set([...warm, ...warmCss]);
}
