/**
 * The convert form as data: which currencies convert into which (a pair of /convert/pairs, or two
 * currencies that both pair with USDT, as the server routes them), the choice of the two
 * currencies with a swap, and whether the form may ask for a quote or convert. The component
 * keeps this state and the calls; every rule lives here.
 */
import type { ConvertPair, ConvertPairs } from '../../../shared/api/convert';
import { positiveUnits } from '../../../shared/decimal';

/** The currency that links two currencies without a pair of their own (the server's route hub). */
export const CONVERT_HUB_CURRENCY = 'USDT';
/** The pair the form opens with when the server lists it: USDT into BTC. */
export const DEFAULT_FROM = 'USDT';
export const DEFAULT_TO = 'BTC';
/** Wait after the last keystroke before asking for a quote. */
export const QUOTE_DEBOUNCE_MS = 400;

export interface ConvertFormState {
  from: string;
  to: string;
  amount: string;
}

function pairsWith(pairs: readonly ConvertPair[], currency: string): Set<string> {
  const partners = new Set<string>();
  for (const pair of pairs) {
    if (pair.base === currency) partners.add(pair.quote);
    if (pair.quote === currency) partners.add(pair.base);
  }
  return partners;
}

/** Whether `from` converts into `to`: directly, or through the hub currency. */
export function canConvert(pairs: readonly ConvertPair[], from: string, to: string): boolean {
  if (from === to) return false;
  const direct = pairsWith(pairs, from);
  if (direct.has(to)) return true;
  if (from === CONVERT_HUB_CURRENCY || to === CONVERT_HUB_CURRENCY) return false;
  return direct.has(CONVERT_HUB_CURRENCY) && pairsWith(pairs, to).has(CONVERT_HUB_CURRENCY);
}

/** The currencies `from` converts into, in the order of the server's currency list. */
export function targetsOf(data: Pick<ConvertPairs, 'pairs' | 'currencies'>, from: string): string[] {
  return data.currencies.map((currency) => currency.code).filter((code) => canConvert(data.pairs, from, code));
}

/** The currencies that convert into something. */
export function sourcesOf(data: Pick<ConvertPairs, 'pairs' | 'currencies'>): string[] {
  return data.currencies.map((currency) => currency.code).filter((code) => targetsOf(data, code).length > 0);
}

/** The opening state: USDT into BTC when listed, else the first currency and its first target. */
export function initialFormState(data: Pick<ConvertPairs, 'pairs' | 'currencies'>): ConvertFormState {
  if (canConvert(data.pairs, DEFAULT_FROM, DEFAULT_TO)) return { from: DEFAULT_FROM, to: DEFAULT_TO, amount: '' };
  const from = sourcesOf(data)[0] ?? '';
  return { from, to: targetsOf(data, from)[0] ?? '', amount: '' };
}

/** A new source currency keeps the target when it still converts into it, else takes the first one. */
export function chooseFrom(data: Pick<ConvertPairs, 'pairs' | 'currencies'>, state: ConvertFormState, from: string): ConvertFormState {
  const targets = targetsOf(data, from);
  const to = targets.includes(state.to) ? state.to : (targets[0] ?? '');
  // The amount was typed in the old source currency: it means nothing in the new one.
  return { from, to, amount: from === state.from ? state.amount : '' };
}

export function chooseTo(state: ConvertFormState, to: string): ConvertFormState {
  return { ...state, to };
}

/** Swaps the two currencies (every route converts both ways); the amount is cleared. */
export function swapCurrencies(data: Pick<ConvertPairs, 'pairs'>, state: ConvertFormState): ConvertFormState {
  if (!canConvert(data.pairs, state.to, state.from)) return state;
  return { from: state.to, to: state.from, amount: '' };
}

/** The scale (decimals) of a currency from the pairs answer; 0 when it is not listed. */
export function scaleOf(data: Pick<ConvertPairs, 'currencies'>, code: string): number {
  return data.currencies.find((currency) => currency.code === code)?.scale ?? 0;
}

/** The body of a quote request, or null while the form cannot ask for one. */
export function quoteRequestOf(data: Pick<ConvertPairs, 'pairs' | 'currencies'>, state: ConvertFormState): { from: string; to: string; amount: string } | null {
  if (!canConvert(data.pairs, state.from, state.to)) return null;
  if (positiveUnits(state.amount, scaleOf(data, state.from)) === null) return null;
  return { from: state.from, to: state.to, amount: state.amount.replace(/\.$/, '') };
}

/** A quote answers this form when it was asked for exactly these currencies and amount. */
export function quoteMatches(
  quote: { from: string; to: string; fromAmount: string } | null,
  request: { from: string; to: string; amount: string } | null,
  scale: number,
): boolean {
  if (!quote || !request || quote.from !== request.from || quote.to !== request.to) return false;
  return positiveUnits(quote.fromAmount, scale) === positiveUnits(request.amount, scale);
}

/** The pair the table shows for a currency pair: "BTC/USDT". */
export function pairLabel(pair: Pick<ConvertPair, 'base' | 'quote'>): string {
  return `${pair.base}/${pair.quote}`;
}
