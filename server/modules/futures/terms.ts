/**
 * What a futures symbol is traded under, read from futures_symbols (data an operator edits), its
 * mark price, and the answers of the contract made from them: the config of a symbol and the view
 * of a position. The mark is the index of the spot market of the same pair (server/prices: the
 * derived symbols), at the futures symbol's own precision, rounded down: one user cannot move it.
 */
import { FUTURES_USDT, FUTURES_USDT_BASE } from '../../../src/shared/constants';
import { stepText, unitsText } from '../../../src/shared/decimal';
import type { FuturesCloseReason, FuturesOrderType, FuturesPosition, FuturesSide, FuturesStatus, FuturesSymbolConfig } from '../../../src/shared/api/futures';
import type { FuturesTerms } from '../../../src/shared/futures-math';
import { RATE_PPM } from '../../../src/shared/futures-math';
import { formatUnits } from '../../../src/shared/money';
import { splitSymbol } from '../../../src/shared/symbols';
import type { Executor } from '../../core/executor';
import type { SessionUser } from '../../core/viewer';
import type { DerivedSymbol, IndexPrice } from '../../prices/index-price';
import { refuse } from './errors';
import * as repo from './repo';

/** Where the area reads marks: app.prices. */
export interface FuturesPrices {
  current(symbolId: number): IndexPrice | undefined;
  derivedSymbols(): DerivedSymbol[];
}

/** A futures symbol ready for the math: its stored terms, its scales and rates as the math takes them, and its spot market. */
export interface SymbolTerms extends repo.SymbolTermsRow {
  math: FuturesTerms;
  baseSymbol: string;
  indexSymbolId: number;
}

/** The currency every margin, fee and PnL of the area is in: the futures wallet's USDT. */
export const MARGIN_CURRENCY = FUTURES_USDT_BASE;

/** Who a list is for: a viewer (a visitor sees what a plain user sees), or 'all' for the server's own work. */
export type Audience = Pick<SessionUser, 'testEnabled'> | null | 'all';

/** Whether an audience sees a symbol: test-only ones only test-enabled viewers (and the server). */
export function isVisibleTo(symbol: Pick<repo.SymbolTermsRow, 'testOnly'>, audience: Audience): boolean {
  return !symbol.testOnly || audience === 'all' || audience?.testEnabled === true;
}

/** Every futures symbol with terms and a spot market to price it; test-only ones only for test-enabled viewers. */
export async function loadSymbolTerms(executor: Executor, prices: FuturesPrices, audience: Audience): Promise<SymbolTerms[]> {
  const [rows, marginScale] = await Promise.all([repo.listSymbolTerms(executor), repo.marginScale(executor, MARGIN_CURRENCY)]);
  const indexOf = new Map(prices.derivedSymbols().map((derived) => [derived.symbolId, derived.indexSymbolId]));
  return rows.flatMap((row) => {
    const indexSymbolId = indexOf.get(row.symbolId);
    if (indexSymbolId === undefined || !isVisibleTo(row, audience)) return [];
    const math: FuturesTerms = {
      pricePrecision: row.pricePrecision,
      volumePrecision: row.volumePrecision,
      marginScale,
      openFeePpm: row.openFeePpm,
      closeFeePpm: row.closeFeePpm,
      maintenancePpm: row.maintenancePpm,
      spreadPpm: row.spreadPpm,
    };
    return [{ ...row, math, baseSymbol: splitSymbol(row.symbol).baseSymbol, indexSymbolId }];
  });
}

/** A symbol named by id (a number, or digits) or by name ("BTC_USDT", "btc/usdt"), or symbolNotFound. */
export function findSymbol(symbols: readonly SymbolTerms[], key: number | string): SymbolTerms {
  const id = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : undefined;
  const name = typeof key === 'string' ? key.toUpperCase().replace('/', '_') : undefined;
  const found = symbols.find((symbol) => (id !== undefined ? symbol.symbolId === id : symbol.symbol === name));
  if (!found) refuse('symbolNotFound');
  return found;
}

/** The mark now in ticks of the symbol's price precision, or indexUnavailable. */
export function requireMark(prices: FuturesPrices, symbolId: number): bigint {
  const mark = prices.current(symbolId);
  if (!mark) refuse('indexUnavailable');
  return mark.priceTicks;
}

/** A rate or ratio in ppm as the contract's decimal fraction ("0.0005"). */
export function rateText(ppm: bigint): string {
  return unitsText(ppm, RATE_PPM.toString().length - 1);
}

export function symbolConfig(symbol: SymbolTerms, prices: FuturesPrices): FuturesSymbolConfig {
  const { math } = symbol;
  const mark = prices.current(symbol.symbolId);
  return {
    symbolId: symbol.symbolId,
    symbol: symbol.symbol,
    indexSymbolId: symbol.indexSymbolId,
    leverages: symbol.leverages,
    volumeStep: stepText(math.volumePrecision),
    minVolume: formatUnits(symbol.minVolumeLots, math.volumePrecision),
    maxVolume: formatUnits(symbol.maxVolumeLots, math.volumePrecision),
    openFeeRate: rateText(symbol.openFeePpm),
    closeFeeRate: rateText(symbol.closeFeePpm),
    maintenanceMarginRate: rateText(symbol.maintenancePpm),
    spreadRate: rateText(symbol.spreadPpm),
    userNotionalMax: formatUnits(symbol.userNotionalMaxUnits, math.marginScale),
    netExposureMax: formatUnits(symbol.netExposureMaxUnits, math.marginScale),
    markPrice: mark ? formatUnits(mark.priceTicks, math.pricePrecision) : null,
    markAt: mark ? mark.at : null,
  };
}

export function configAnswer(symbols: readonly SymbolTerms[], prices: FuturesPrices): { currency: string; symbols: FuturesSymbolConfig[] } {
  return { currency: FUTURES_USDT, symbols: symbols.map((symbol) => symbolConfig(symbol, prices)) };
}

function nullableUnits(units: bigint | null, scale: number): string | null {
  return units === null ? null : formatUnits(units, scale);
}

function nullableTime(time: bigint | null): number | null {
  return time === null ? null : Number(time);
}

/** A position as the contract shows it. */
export function positionView(row: repo.PositionRow, symbol: Pick<SymbolTerms, 'symbol' | 'math'>): FuturesPosition {
  const { pricePrecision, volumePrecision, marginScale } = symbol.math;
  return {
    id: Number(row.id),
    symbolId: Number(row.symbol_id),
    symbol: symbol.symbol,
    side: row.side as FuturesSide,
    type: row.type as FuturesOrderType,
    leverage: Number(row.leverage),
    status: row.status as FuturesStatus,
    volume: formatUnits(row.volume_lots, volumePrecision),
    margin: formatUnits(row.margin_units, marginScale),
    triggerPrice: nullableUnits(row.trigger_ticks, pricePrecision),
    entryPrice: nullableUnits(row.entry_ticks, pricePrecision),
    liquidationPrice: nullableUnits(row.liquidation_ticks, pricePrecision),
    takeProfit: nullableUnits(row.take_profit_ticks, pricePrecision),
    stopLoss: nullableUnits(row.stop_loss_ticks, pricePrecision),
    openFee: formatUnits(row.open_fee_units, marginScale),
    closeFee: nullableUnits(row.close_fee_units, marginScale),
    closePrice: nullableUnits(row.close_ticks, pricePrecision),
    realizedPnl: nullableUnits(row.realized_pnl_units, marginScale),
    closeReason: row.close_reason as FuturesCloseReason | null,
    createdAt: Number(row.created_at),
    openedAt: nullableTime(row.opened_at),
    closedAt: nullableTime(row.closed_at),
  };
}
