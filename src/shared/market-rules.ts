/**
 * The pure rules of the market screens (home and quotes): the tone and sign of a 24 h change, the
 * quote-currency tags of a type, the rows the quotes table shows (search capped at
 * SEARCH_RESULTS_MAX and test-only symbols only for testEnabled profiles, spec 5), their sorting,
 * the rankings' tabs and the banner carousel's rotation. No React and no network here.
 */
import type { Quote } from './api/market';
import { searchSymbols, type SymbolLike } from './symbols';

export type ChangeTone = 'up' | 'down' | 'flat';

/** Up, down or flat from a change in percent as the server writes it ("-0.00" is flat). */
export function changeTone(changePercent: string): ChangeTone {
  const value = Number(changePercent);
  if (!Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** "+1.25%", "-0.40%", "0.00%". */
export function signedChange(changePercent: string): string {
  return `${changeTone(changePercent) === 'up' ? '+' : ''}${changePercent}%`;
}

export interface TaggedSymbol extends SymbolLike {
  quoteSymbol: string;
}

/** The quote currencies of a list, in the order they first appear: the quotes page's tags. */
export function quoteTags(symbols: readonly TaggedSymbol[]): string[] {
  const tags: string[] = [];
  for (const item of symbols) if (!tags.includes(item.quoteSymbol)) tags.push(item.quoteSymbol);
  return tags;
}

export interface MarketFilter {
  /** A symbol type, or null for every type (the favourites tab). */
  type: number | null;
  /** A quote currency, or null for all. */
  tag: string | null;
  /** Only these symbol ids (the favourites tab), or null for all. */
  onlyIds: ReadonlySet<number> | null;
  /** The search box's text; non-blank makes it a search of at most SEARCH_RESULTS_MAX results. */
  search: string;
  /** The profile's testEnabled (R-ROLE-03). */
  testEnabled: boolean;
}

/**
 * The symbols the quotes table lists. Without search text it is every visible symbol of the type
 * (and tag, and favourites); with it, the search rule of spec 5 over those (at most 10).
 */
export function marketRows<T extends TaggedSymbol>(symbols: readonly T[], filter: MarketFilter): T[] {
  const candidates = symbols.filter(
    (item) =>
      (filter.type === null || item.type === filter.type) &&
      (filter.tag === null || item.quoteSymbol === filter.tag) &&
      (filter.onlyIds === null || filter.onlyIds.has(item.id)) &&
      (!item.testOnly || filter.testEnabled),
  );
  if (filter.search.trim() === '') return candidates;
  return searchSymbols(candidates, { type: filter.type ?? undefined, filter: filter.search, testEnabled: filter.testEnabled });
}

export type SortKey = 'name' | 'price' | 'change' | 'volume';
export type SortDirection = 'asc' | 'desc';
export interface MarketSort {
  key: SortKey;
  direction: SortDirection;
}

/** Sorting the same column again flips it; a new column starts high to low (names A to Z). */
export function nextSort(current: MarketSort | null, key: SortKey): MarketSort {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

function sortValue(key: Exclude<SortKey, 'name'>, quote: Quote): number {
  const text = key === 'price' ? quote.c : key === 'change' ? quote.changePercent : quote.turnover;
  return Number(text);
}

/**
 * The rows in the chosen order: by name, last price, 24 h change or 24 h volume (turnover in the
 * quote currency). Rows without a quote go last whichever the direction; ties keep the list order.
 */
export function sortMarkets<T extends SymbolLike>(rows: readonly T[], sort: MarketSort | null, quoteOf: (id: number) => Quote | undefined): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const indexed = rows.map((row, index) => ({ row, index }));
  indexed.sort((left, right) => {
    if (sort.key === 'name') return sign * left.row.name.localeCompare(right.row.name) || left.index - right.index;
    const leftQuote = quoteOf(left.row.id);
    const rightQuote = quoteOf(right.row.id);
    if (!leftQuote || !rightQuote) return (leftQuote ? 0 : 1) - (rightQuote ? 0 : 1) || left.index - right.index;
    return sign * (sortValue(sort.key, leftQuote) - sortValue(sort.key, rightQuote)) || left.index - right.index;
  });
  return indexed.map((entry) => entry.row);
}

export const RANK_TABS = ['gainers', 'losers', 'volume'] as const;
export type RankTab = (typeof RANK_TABS)[number];

export function isRankTab(value: unknown): value is RankTab {
  return (RANK_TABS as readonly unknown[]).includes(value);
}

/** The rows of a rankings tab, at most `limit` (the server already orders them); gainers for an unknown tab. */
export function rankRows<T>(ranks: Record<RankTab, readonly T[]>, tab: string, limit: number): T[] {
  return ranks[isRankTab(tab) ? tab : 'gainers'].slice(0, Math.max(0, limit));
}

/** The banner carousel turns every BANNER_ROTATE_MS while nobody hovers or focuses it. */
export const BANNER_ROTATE_MS = 6_000;

/** The banner `step` places after `current` (negative goes back), wrapping around; 0 when there are none. */
export function bannerIndex(current: number, count: number, step: number): number {
  if (count <= 0) return 0;
  return (((current + step) % count) + count) % count;
}

/** Formatters made once per locale and style: a table of markets formats hundreds of volumes. */
const volumeFormats = new Map<string, Intl.NumberFormat>();

/** A day's volume in the page's language, compact above a million ("12.3M"). */
export function compactAmount(value: string, locale: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  const compact = Math.abs(number) >= 1_000_000;
  const key = `${locale} ${compact ? 'compact' : 'plain'}`;
  let format = volumeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, compact ? { notation: 'compact', maximumFractionDigits: 2 } : { maximumFractionDigits: 2 });
    volumeFormats.set(key, format);
  }
  return format.format(number);
}

/**
 * The symbol whose quote a market shows. The server prices futures and binary options from the
 * spot market of the same pair, and only spot markets have socket channels, so a futures or
 * binary-option row watches its spot pair (no polling); a pair without a spot market keeps its own id.
 */
export function quoteIdOf(item: Pick<SymbolLike, 'id' | 'type' | 'symbol'>, symbols: readonly Pick<SymbolLike, 'id' | 'type' | 'symbol'>[], spotType: number): number {
  if (item.type === spotType) return item.id;
  return symbols.find((other) => other.type === spotType && other.symbol === item.symbol)?.id ?? item.id;
}
