// Proves the build-time split of the precache into the shell (entry, its static imports, the
// layout routes that draw every page's frame) and the warm part (pages and catalogs behind dynamic imports).
import { describe, expect, it } from 'vitest';
import { isLayoutRouteModule, warmFileNames, type BundleChunkFacts } from '../../../src/sw/shellPartition';

function chunk(fileName: string, facts: Partial<BundleChunkFacts> = {}): BundleChunkFacts {
  return { fileName, isEntry: false, imports: [], dynamicImports: [], importedCss: [], moduleIds: [], ...facts };
}

describe('isLayoutRouteModule', () => {
  it('knows the layout route files of the file router, split or not', () => {
    expect(isLayoutRouteModule('/app/src/app/routes/__root.tsx')).toBe(true);
    expect(isLayoutRouteModule('/app/src/app/routes/{-$locale}/route.tsx?tsr-split=component')).toBe(true);
    expect(isLayoutRouteModule('C:\\app\\src\\app\\routes\\{-$locale}\\route.tsx')).toBe(true);
    expect(isLayoutRouteModule('/app/src/app/routes/{-$locale}/index.tsx?tsr-split=component')).toBe(false);
    expect(isLayoutRouteModule('/app/src/app/routes/{-$locale}/-components/route.ts')).toBe(false);
    expect(isLayoutRouteModule('/app/src/app/layout/Frame.tsx')).toBe(false);
  });
});

describe('warmFileNames', () => {
  const bundle = [
    chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/vendor.js'],
      dynamicImports: ['assets/layout.js', 'assets/home.js', 'assets/catalog-de.js'],
      importedCss: ['assets/index.css'],
    }),
    chunk('assets/vendor.js', { importedCss: ['assets/shared.css'] }),
    chunk('assets/layout.js', {
      imports: ['assets/vendor.js', 'assets/frame.js'],
      moduleIds: ['/app/src/app/routes/{-$locale}/route.tsx?tsr-split=component'],
    }),
    chunk('assets/frame.js', { importedCss: ['assets/frame.css'] }),
    chunk('assets/home.js', {
      imports: ['assets/vendor.js', 'assets/home-helpers.js'],
      dynamicImports: ['assets/chart.js'],
      importedCss: ['assets/home.css', 'assets/shared.css'],
      moduleIds: ['/app/src/app/routes/{-$locale}/index.tsx?tsr-split=component'],
    }),
    chunk('assets/home-helpers.js'),
    chunk('assets/chart.js'),
    chunk('assets/catalog-de.js', { moduleIds: ['/app/locales/de/messages.po'] }),
    // A worker's bundle is not reached from the page's graph: it stays in the shell.
    chunk('assets/hub-worker.js', { isEntry: false }),
  ];

  it('warms pages, what only they import (also through further dynamic imports), their styles, and catalogs', () => {
    expect([...warmFileNames(bundle)].sort()).toEqual(
      ['assets/catalog-de.js', 'assets/chart.js', 'assets/home-helpers.js', 'assets/home.css', 'assets/home.js'].sort(),
    );
  });

  it('keeps the entry, its static imports, the layout routes and whatever they import in the shell', () => {
    const warm = warmFileNames(bundle);
    for (const shellFile of ['assets/index.js', 'assets/vendor.js', 'assets/layout.js', 'assets/frame.js', 'assets/frame.css', 'assets/shared.css', 'assets/hub-worker.js']) {
      expect(warm.has(shellFile), shellFile).toBe(false);
    }
  });

  it('warms nothing for a bundle without dynamic imports', () => {
    expect(warmFileNames([chunk('assets/index.js', { isEntry: true, imports: ['assets/vendor.js'] }), chunk('assets/vendor.js')]).size).toBe(0);
  });
});
