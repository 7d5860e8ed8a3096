// @vitest-environment happy-dom
// Coin icons from one sprite in the page (issue 14: every <img> of an SVG file costs the main
// thread an isolated document of its own): each file is fetched once and its drawing copied into
// a <symbol>; only drawing elements and attributes are copied; a file with anything else, from
// another origin or that fails keeps its <img> (null).
import { afterEach, describe, expect, it, vi } from 'vitest';

const GRADIENT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32" role="img" aria-label="Solana"><title>SOL</title>' +
  '<defs><linearGradient id="sol" x1="8" y1="24" x2="24" y2="8" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#9945FF"/></linearGradient></defs>' +
  '<circle cx="16" cy="16" r="16" fill="#101014"/><path fill="url(#sol)" d="M11 9h12l-3 3H8z"/></svg>';

async function freshSprite(files: Record<string, { status?: number; body: string }>) {
  vi.resetModules();
  document.body.innerHTML = '';
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      fetched.push(url.pathname);
      const file = files[url.pathname];
      return new Response(file?.body ?? '', { status: file ? (file.status ?? 200) : 404 });
    }),
  );
  const sprite = await import('../../../../src/app/ui/coinSprite');
  return { ...sprite, fetched };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('coin sprite', () => {
  it('copies an icon into one symbol, once, with its ids prefixed and its name left out', async () => {
    const { coinSymbolFor, knownCoinSymbol, fetched } = await freshSprite({ '/icons/coins/sol.svg': { body: GRADIENT_ICON } });
    expect(knownCoinSymbol('/icons/coins/sol.svg')).toBeUndefined();
    const [first, second] = await Promise.all([coinSymbolFor('/icons/coins/sol.svg'), coinSymbolFor('/icons/coins/sol.svg')]);
    expect(first).toMatch(/^coin-icon-\d+$/);
    expect(second).toBe(first);
    expect(await coinSymbolFor('/icons/coins/sol.svg')).toBe(first);
    expect(fetched).toEqual(['/icons/coins/sol.svg']);
    expect(knownCoinSymbol('/icons/coins/sol.svg')).toBe(first);

    const symbol = document.getElementById(first!)!;
    expect(symbol.localName).toBe('symbol');
    expect(symbol.getAttribute('viewBox')).toBe('0 0 32 32');
    expect(symbol.closest('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(symbol.querySelector('title')).toBeNull();
    expect(symbol.querySelector('linearGradient')?.id).toBe(`${first}-sol`);
    expect(symbol.querySelector('path')?.getAttribute('fill')).toBe(`url(#${first}-sol)`);
    expect(symbol.querySelector('circle')?.getAttribute('r')).toBe('16');
  });

  it('keeps the <img> of an icon with a script, an event handler, a link out or a foreign object', async () => {
    const hostile = {
      '/icons/coins/script.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><script>alert(1)</script><circle r="4"/></svg>',
      '/icons/coins/onload.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="4" onclick="alert(1)"/></svg>',
      '/icons/coins/link.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0h8" fill="url(https://example.org/x.svg#a)"/></svg>',
      '/icons/coins/use.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><use href="https://example.org/x.svg#a"/></svg>',
      '/icons/coins/html.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
      '/icons/coins/style.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><style>circle{fill:red}</style><circle r="4"/></svg>',
    };
    const { coinSymbolFor } = await freshSprite(Object.fromEntries(Object.entries(hostile).map(([path, body]) => [path, { body }])));
    for (const path of Object.keys(hostile)) expect(await coinSymbolFor(path), path).toBeNull();
    expect(document.querySelector('symbol')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it('keeps the <img> of an icon on another origin, a missing file and a file that is not SVG', async () => {
    const { coinSymbolFor, knownCoinSymbol, fetched } = await freshSprite({
      '/icons/coins/html.svg': { body: '<!doctype html><p>not an icon</p>' },
      '/icons/coins/broken.svg': { status: 500, body: GRADIENT_ICON },
    });
    expect(await coinSymbolFor('https://cdn.example.org/icons/btc.svg')).toBeNull();
    expect(await coinSymbolFor('/icons/coins/btc.png')).toBeNull();
    expect(await coinSymbolFor('/icons/coins/missing.svg')).toBeNull();
    expect(await coinSymbolFor('/icons/coins/broken.svg')).toBeNull();
    expect(await coinSymbolFor('/icons/coins/html.svg')).toBeNull();
    expect(knownCoinSymbol('/icons/coins/missing.svg')).toBeNull();
    expect(fetched).toEqual(['/icons/coins/missing.svg', '/icons/coins/broken.svg', '/icons/coins/html.svg']);
  });
});
