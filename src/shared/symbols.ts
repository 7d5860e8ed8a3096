/**
 * The symbol rules of spec sections 3 and 5, shared by the server (which derives base and quote)
 * and the app (lookup from a route, the search box, links to a trading page). They work on any
 * object with the fields they read, so the hub's cached rows and the wire type both fit.
 */
import { SEARCH_RESULTS_MAX, SYMBOL_TYPE, type SymbolType } from './constants';

export interface SymbolLike {
  id: number;
  type: number;
  symbol: string;
  name: string;
  testOnly: boolean;
}

const SYMBOL_SEPARATOR = /[_/]/;

/** Base and quote of a pair, split at its first underscore or slash (spec 3). */
export function splitSymbol(symbol: string): { baseSymbol: string; quoteSymbol: string } {
  const match = SYMBOL_SEPARATOR.exec(symbol);
  if (!match) return { baseSymbol: symbol, quoteSymbol: '' };
  return { baseSymbol: symbol.slice(0, match.index), quoteSymbol: symbol.slice(match.index + 1) };
}

export type SymbolsByType<T> = Record<SymbolType, T[]>;

/** The list grouped by type, each group keeping the list's order; unknown types are dropped. */
export function groupSymbolsByType<T extends Pick<SymbolLike, 'type'>>(list: readonly T[]): SymbolsByType<T> {
  const groups: SymbolsByType<T> = { [SYMBOL_TYPE.boption]: [], [SYMBOL_TYPE.futures]: [], [SYMBOL_TYPE.exchange]: [] };
  for (const item of list) {
    if (isSymbolType(item.type)) groups[item.type].push(item);
  }
  return groups;
}

export function isSymbolType(value: unknown): value is SymbolType {
  return value === SYMBOL_TYPE.boption || value === SYMBOL_TYPE.futures || value === SYMBOL_TYPE.exchange;
}

/** A symbol is found by its id, or by its type plus its symbol in any case (spec 3). */
export type SymbolKey = number | { type: number; symbol: string };

/**
 * Finds a symbol; undefined when none matches. A missing key, a blank symbol or a type that is
 * not an integer is a programming error, not a miss, so it throws (spec 5, R-VAL-01).
 */
export function lookupSymbol<T extends SymbolLike>(list: readonly T[], key: SymbolKey | null | undefined): T | undefined {
  if (key === null || key === undefined) throw new Error('Symbol lookup needs an id or a type and a symbol');
  if (typeof key === 'number') {
    if (!Number.isInteger(key)) throw new Error(`Symbol id must be an integer, got ${String(key)}`);
    return list.find((item) => item.id === key);
  }
  if (typeof key !== 'object') throw new Error('Symbol lookup needs an id or a type and a symbol');
  if (typeof key.type !== 'number' || !Number.isInteger(key.type)) {
    throw new Error(`Symbol type must be an integer, got ${String(key.type)}`);
  }
  if (typeof key.symbol !== 'string' || key.symbol.trim() === '') throw new Error('Symbol lookup needs a symbol');
  const wanted = key.symbol.trim().toLowerCase();
  return list.find((item) => item.type === key.type && item.symbol.toLowerCase() === wanted);
}

export interface SymbolSearch {
  /** Search only this type; every type when absent. */
  type?: number;
  filter?: string;
  /** The profile's testEnabled: test-only symbols stay hidden unless it is true (R-ROLE-03). */
  testEnabled?: boolean;
}

/**
 * The search box (spec 5): the filter is trimmed and upper-cased and matched against the name,
 * ignoring the pair separator so that "btcusdt" finds BTC/USDT; names that start with the filter
 * come first. At most SEARCH_RESULTS_MAX results; an empty filter gives the first ones of the type.
 */
export function searchSymbols<T extends SymbolLike>(list: readonly T[], search: SymbolSearch): T[] {
  const visible = list.filter(
    (item) => (search.type === undefined || item.type === search.type) && (!item.testOnly || search.testEnabled === true),
  );
  const filter = (search.filter ?? '').trim().toUpperCase();
  if (filter === '') return visible.slice(0, SEARCH_RESULTS_MAX);
  const compactFilter = compactName(filter);
  const starting: T[] = [];
  const containing: T[] = [];
  for (const item of visible) {
    const name = item.name.toUpperCase();
    const compact = compactName(name);
    if (name.startsWith(filter) || (compactFilter !== '' && compact.startsWith(compactFilter))) starting.push(item);
    else if (name.includes(filter) || (compactFilter !== '' && compact.includes(compactFilter))) containing.push(item);
  }
  return [...starting, ...containing].slice(0, SEARCH_RESULTS_MAX);
}

function compactName(name: string): string {
  return name.replace(/[\s_/-]/g, '');
}

const ROUTE_BY_TYPE: Record<SymbolType, string> = {
  [SYMBOL_TYPE.boption]: '/boption',
  [SYMBOL_TYPE.futures]: '/futures',
  [SYMBOL_TYPE.exchange]: '/exchange',
};

/** The trading page of a symbol: its type's page with the lower-case symbol as id (R-ROUTE-09). */
export function symbolRoute(item: Pick<SymbolLike, 'type' | 'symbol'>): string {
  if (!isSymbolType(item.type)) throw new Error(`Unknown symbol type ${String(item.type)}`);
  return `${ROUTE_BY_TYPE[item.type]}?id=${encodeURIComponent(item.symbol.toLowerCase())}`;
}

/**
 * The symbol of a type that a trading page's route id names (the lower-case symbol, any case and
 * a slash accepted; R-ROUTE-09), `fallback` or the type's first without one; null when it names
 * none, undefined while the list has none of the type (not loaded yet).
 */
export function routeSymbol<T extends Pick<SymbolLike, 'type' | 'symbol'>>(list: readonly T[], type: SymbolType, id: string | undefined, fallback: string): T | null | undefined {
  const ofType = list.filter((item) => item.type === type);
  if (ofType.length === 0) return undefined;
  const wanted = (id ?? '').trim().toUpperCase().replace('/', '_');
  if (wanted === '') return ofType.find((item) => item.symbol === fallback) ?? ofType[0]!;
  return ofType.find((item) => item.symbol === wanted) ?? null;
}

/** The icon of a currency, served from public/icons/coins (the seed's markets and those operators add). */
export function coinIconPath(currency: string): string {
  return `/icons/coins/${currency.toLowerCase()}.svg`;
}

/** A neutral coin, for a market whose base currency the web app has no icon for (public/icons/coin.svg). */
export const GENERIC_COIN_ICON = '/icons/coin.svg';
