/**
 * Coin icons drawn from one sprite in the page instead of one <img> each. Chromium gives every SVG
 * file shown through <img> an isolated document of its own: on this host 6-15 ms to build each
 * (IsolatedSVGDocumentHost) and the first paint of ten of them 40 ms more, on the main thread of
 * a market list that shows ten coins. Here each icon file is fetched once, its drawing copied into
 * a <symbol> of a hidden <svg> in the page, and every icon is an <svg><use href="#…"> of it.
 *
 * Only what draws is copied, from an allow-list of elements and attributes (an icon is the
 * operator's file, not markup the page trusts): no script, event handler, link out of the icon or
 * style sheet. A file that is not on this origin, fails to load or holds anything else keeps its
 * <img> (coinSymbolFor answers null).
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

const ELEMENTS = new Set(['svg', 'g', 'defs', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon', 'linearGradient', 'radialGradient', 'stop', 'text', 'tspan']);
/** Left out without refusing the icon: its name for a screen reader (the icon is decorative). */
const SKIPPED = new Set(['title', 'desc', 'metadata']);
const ATTRIBUTES = new Set([
  'id', 'd', 'transform', 'fill', 'fill-rule', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'stroke-opacity', 'opacity', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'fx', 'fy', 'dx', 'dy', 'width', 'height', 'points',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'font-family', 'font-size', 'font-weight',
  'text-anchor', 'dominant-baseline', 'letter-spacing',
]);
/** An attribute value may point inside the icon (url(#gradient)) and nowhere else. */
const OUTSIDE_REFERENCE = /url\(\s*['"]?(?!#)|javascript:|expression\(/i;

let sprite: SVGSVGElement | null = null;
let symbolCount = 0;
/** Per icon URL: its symbol's id once copied, null when it keeps its <img>. */
const symbols = new Map<string, string | null>();
const loading = new Map<string, Promise<string | null>>();

/** The symbol id of an icon already in the sprite, null for one that keeps its <img>, undefined while unknown. */
export function knownCoinSymbol(src: string): string | null | undefined {
  return symbols.get(src);
}

/** Copies the icon into the sprite once; the symbol's id, or null when it keeps its <img>. */
export function coinSymbolFor(src: string): Promise<string | null> {
  const known = symbols.get(src);
  if (known !== undefined) return Promise.resolve(known);
  let pending = loading.get(src);
  if (!pending) {
    pending = copyIcon(src)
      .catch(() => null)
      .then((id) => {
        symbols.set(src, id);
        loading.delete(src);
        return id;
      });
    loading.set(src, pending);
  }
  return pending;
}

async function copyIcon(src: string): Promise<string | null> {
  const url = new URL(src, window.location.href);
  if (url.origin !== window.location.origin || !url.pathname.endsWith('.svg')) return null;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const parsed = new DOMParser().parseFromString(await response.text(), 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;
  const viewBox = root.getAttribute('viewBox') ?? viewBoxOfSize(root);
  if (!viewBox || !/^[\d\s.,-]+$/.test(viewBox)) return null;
  const id = `coin-icon-${++symbolCount}`;
  const symbol = document.createElementNS(SVG_NS, 'symbol');
  symbol.id = id;
  symbol.setAttribute('viewBox', viewBox);
  for (const child of Array.from(root.childNodes)) {
    const copy = copyNode(child, id);
    if (copy === false) return null;
    if (copy) symbol.append(copy);
  }
  spriteElement().append(symbol);
  return id;
}

function viewBoxOfSize(root: Element): string | null {
  const width = Number(root.getAttribute('width'));
  const height = Number(root.getAttribute('height'));
  return width > 0 && height > 0 ? `0 0 ${width} ${height}` : null;
}

/** The allowed copy of a node: null to leave it out, false when the icon must keep its <img>. */
function copyNode(node: Node, prefix: string): Node | null | false {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  if (element.namespaceURI !== SVG_NS) return false;
  if (SKIPPED.has(element.localName)) return null;
  if (!ELEMENTS.has(element.localName) || element.localName === 'svg') return false;
  const copy = document.createElementNS(SVG_NS, element.localName);
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.namespaceURI !== null) continue; // xmlns and xlink: nothing that draws
    if (!ATTRIBUTES.has(attribute.name) || OUTSIDE_REFERENCE.test(attribute.value)) return false;
    // Ids are the icon's own: prefixed, so that two icons' gradients never answer for each other.
    const value = attribute.name === 'id' ? `${prefix}-${attribute.value}` : attribute.value.replace(/url\(\s*(['"]?)#/g, `url($1#${prefix}-`);
    copy.setAttribute(attribute.name, value);
  }
  for (const child of Array.from(element.childNodes)) {
    const inner = copyNode(child, prefix);
    if (inner === false) return false;
    if (inner) copy.append(inner);
  }
  return copy;
}

/** The hidden <svg> holding the symbols: drawn nowhere, yet not display:none (a gradient in it would not paint). */
function spriteElement(): SVGSVGElement {
  if (sprite) return sprite;
  sprite = document.createElementNS(SVG_NS, 'svg');
  sprite.setAttribute('aria-hidden', 'true');
  sprite.setAttribute('focusable', 'false');
  sprite.setAttribute('width', '0');
  sprite.setAttribute('height', '0');
  sprite.style.position = 'absolute';
  sprite.style.overflow = 'hidden';
  sprite.dataset.testid = 'coin-sprite';
  document.body.append(sprite);
  return sprite;
}
