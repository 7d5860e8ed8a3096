/**
 * Proves the build's route list (scripts/lib/routeManifest.ts, issue 14): each page of a file
 * route gets its component chunk first, then the chunks that chunk imports statically and their
 * styles, without what the entry already brings, and keyed as the server looks pages up
 * (src/shared/route-manifest.ts); layout routes, path parameters and the catch-all get no entry.
 */
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { routeKeyOfFile, routeManifest } from '../../../scripts/lib/routeManifest';
import { routeKeyOf } from '../../../src/shared/route-manifest';

const ROUTES = '/work/app/src/app/routes';

/** A bundle's chunk as far as the route list reads it. */
function chunk(fileName: string, options: { entry?: boolean; facade?: string; imports?: string[]; css?: string[] } = {}) {
  return {
    type: 'chunk',
    fileName,
    isEntry: options.entry ?? false,
    facadeModuleId: options.facade ?? null,
    imports: options.imports ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]): OutputBundle {
  return Object.fromEntries(chunks.map((item) => [item.fileName, item])) as unknown as OutputBundle;
}

describe('the route list', () => {
  it('keys a route file by its page path: no language segment, index as the folder, lower case', () => {
    expect(routeKeyOfFile('{-$locale}/index')).toBe('/');
    expect(routeKeyOfFile('{-$locale}/quotes/index')).toBe('/quotes');
    expect(routeKeyOfFile('{-$locale}/quotes/quotepost')).toBe('/quotes/quotepost');
    expect(routeKeyOfFile('{-$locale}/assets/assetDeposit')).toBe('/assets/assetdeposit');
    for (const notAPage of ['__root', '{-$locale}/route', '{-$locale}/$', '{-$locale}/post/$id', '{-$locale}/-components/Thing', '{-$locale}/(group)/x']) {
      expect(routeKeyOfFile(notAPage), notAPage).toBeNull();
    }
  });

  it("lists a page's chunks, its own first, and their styles, without the entry's", () => {
    const manifest = routeManifest(
      bundleOf(
        chunk('assets/index-1.js', { entry: true, imports: ['assets/shared-1.js'], css: ['assets/index-1.css'] }),
        chunk('assets/shared-1.js', { css: ['assets/shared-1.css'] }),
        chunk('assets/quotes-1.js', { facade: `${ROUTES}/{-$locale}/quotes/index.tsx?tsr-split=component`, imports: ['assets/index-1.js', 'assets/Screen-1.js', 'assets/kit-1.js'] }),
        chunk('assets/Screen-1.js', { imports: ['assets/kit-1.js', 'assets/shared-1.js', 'assets/tabs-1.js'], css: ['assets/Screen-1.css', 'assets/index-1.css'] }),
        chunk('assets/kit-1.js', { css: ['assets/kit-1.css'] }),
        chunk('assets/tabs-1.js', { css: ['assets/kit-1.css'] }),
        // Not pages: a lazy part, the split error component, the catch-all.
        chunk('assets/Lazy-1.js', { facade: '/work/app/src/app/features/home/HomeBelowFold.tsx', imports: ['assets/kit-1.js'] }),
        chunk('assets/error-1.js', { facade: `${ROUTES}/{-$locale}/quotes/index.tsx?tsr-split=errorComponent` }),
        chunk('assets/catchall-1.js', { facade: `${ROUTES}/{-$locale}/$.tsx?tsr-split=component` }),
      ),
    );
    expect(manifest).toEqual({
      '/quotes': {
        scripts: ['/assets/quotes-1.js', '/assets/Screen-1.js', '/assets/kit-1.js', '/assets/tabs-1.js'],
        styles: ['/assets/Screen-1.css', '/assets/kit-1.css'],
      },
    });
  });

  it('looks a page path up as the router reads it: any language prefix and case, no query or trailing slash', () => {
    expect(routeKeyOf('/')).toBe('/');
    expect(routeKeyOf('/en')).toBe('/');
    expect(routeKeyOf('/EN/Quotes/')).toBe('/quotes');
    expect(routeKeyOf('/zh-cht/assets/assetDeposit?coin=usdt')).toBe('/assets/assetdeposit');
    expect(routeKeyOf('/exchange?id=btc_usdt')).toBe('/exchange');
    // The default language has no prefix: /id/quotes is a page path of its own (the router's 404).
    expect(routeKeyOf('/id/quotes')).toBe('/id/quotes');
  });
});
