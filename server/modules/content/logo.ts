/**
 * The site logos of /api/image/sitelogo (mark and wordmark) and /api/image/sitelogosm (the mark
 * alone), drawn as SVG from the operator's site name so that renaming the site renames its logo.
 * The mark is a rising line on a rounded tile; the wordmark turns light on a dark colour scheme.
 * The name is escaped: it is operator input placed inside XML.
 */
const MARK_SIZE = 40;
const WORDMARK_FONT_PX = 22;
const WORDMARK_GAP_PX = 10;
const NAME_LENGTH_MAX = 60;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A width estimate for a bold sans-serif run: wide (CJK) glyphs take a full em. */
function textWidthPx(text: string, fontPx: number): number {
  let width = 0;
  for (const character of text) width += (character.codePointAt(0) ?? 0) >= 0x2e80 ? fontPx : fontPx * 0.62;
  return Math.ceil(width);
}

function mark(gradientId: string): string {
  return [
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1">`,
    '<stop offset="0" stop-color="#2f6bff"/><stop offset="1" stop-color="#12b897"/>',
    '</linearGradient></defs>',
    `<rect width="${MARK_SIZE}" height="${MARK_SIZE}" rx="10" fill="url(#${gradientId})"/>`,
    '<path d="M9 28.5 15.5 21l5 4.5L31 13" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/>',
    '<path d="M24.5 12.2h7.3v7.3" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/>',
  ].join('');
}

export function siteLogoSvg(siteName: string): string {
  const name = siteName.trim().slice(0, NAME_LENGTH_MAX) || 'Exchange';
  const textX = MARK_SIZE + WORDMARK_GAP_PX;
  const width = textX + textWidthPx(name, WORDMARK_FONT_PX) + 4;
  const label = escapeXml(name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${MARK_SIZE}" viewBox="0 0 ${width} ${MARK_SIZE}" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    '<style>.wordmark{fill:#111827}@media (prefers-color-scheme:dark){.wordmark{fill:#f3f4f6}}</style>',
    mark('site-logo-tile'),
    `<text class="wordmark" x="${textX}" y="28" font-family="system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif" font-size="${WORDMARK_FONT_PX}" font-weight="700" letter-spacing="0.2">${label}</text>`,
    '</svg>',
  ].join('');
}

export function siteLogoSmallSvg(siteName: string): string {
  const label = escapeXml(siteName.trim().slice(0, NAME_LENGTH_MAX) || 'Exchange');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MARK_SIZE}" height="${MARK_SIZE}" viewBox="0 0 ${MARK_SIZE} ${MARK_SIZE}" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    mark('site-logo-small-tile'),
    '</svg>',
  ].join('');
}
