/**
 * Reference data every database needs, demo or not: the currencies with their scales and the
 * symbols of the three markets. Precisions follow the usual tick and lot sizes of these pairs and
 * are checked against the currency scales, because the engine stores a price in units of the
 * quote currency and a quantity in units of the base currency. Ids are stable: 1xx binary
 * options, 2xx futures, 3xx exchange. An operator changes them later through the operator API.
 */
import type { AppContext } from '../context';
import { SYMBOL_TYPE, type SymbolType } from '../../src/shared/constants';
import { parseUnits, SCALE_MAX } from '../../src/shared/money';
import { coinIconPath, splitSymbol } from '../../src/shared/symbols';

export interface SeedCurrency {
  code: string;
  displayName: string;
  scale: number;
}

export const SEED_CURRENCIES: readonly SeedCurrency[] = [
  { code: 'USDT', displayName: 'Tether', scale: 6 },
  { code: 'USDC', displayName: 'USD Coin', scale: 6 },
  { code: 'BTC', displayName: 'Bitcoin', scale: 8 },
  { code: 'ETH', displayName: 'Ethereum', scale: 8 },
  { code: 'SOL', displayName: 'Solana', scale: 8 },
  { code: 'BNB', displayName: 'BNB', scale: 8 },
  { code: 'XRP', displayName: 'XRP', scale: 6 },
  { code: 'DOGE', displayName: 'Dogecoin', scale: 8 },
  { code: 'TRX', displayName: 'TRON', scale: 6 },
  { code: 'LTC', displayName: 'Litecoin', scale: 8 },
];

export interface SeedSymbol {
  id: number;
  type: SymbolType;
  symbol: string;
  pricePrecision: number;
  volumePrecision: number;
  prompted?: boolean;
  testOnly?: boolean;
}

const { boption, futures, exchange } = SYMBOL_TYPE;

export const SEED_SYMBOLS: readonly SeedSymbol[] = [
  { id: 101, type: boption, symbol: 'BTC_USDT', pricePrecision: 2, volumePrecision: 2, prompted: true },
  { id: 102, type: boption, symbol: 'ETH_USDT', pricePrecision: 2, volumePrecision: 2 },
  { id: 103, type: boption, symbol: 'SOL_USDT', pricePrecision: 3, volumePrecision: 2 },
  { id: 104, type: boption, symbol: 'BNB_USDT', pricePrecision: 2, volumePrecision: 2 },

  { id: 201, type: futures, symbol: 'BTC_USDT', pricePrecision: 1, volumePrecision: 3, prompted: true },
  { id: 202, type: futures, symbol: 'ETH_USDT', pricePrecision: 2, volumePrecision: 3 },
  { id: 203, type: futures, symbol: 'SOL_USDT', pricePrecision: 2, volumePrecision: 1 },
  { id: 204, type: futures, symbol: 'BNB_USDT', pricePrecision: 2, volumePrecision: 2 },
  { id: 205, type: futures, symbol: 'XRP_USDT', pricePrecision: 4, volumePrecision: 1 },
  { id: 206, type: futures, symbol: 'DOGE_USDT', pricePrecision: 5, volumePrecision: 0 },

  { id: 301, type: exchange, symbol: 'BTC_USDT', pricePrecision: 2, volumePrecision: 6, prompted: true },
  { id: 302, type: exchange, symbol: 'ETH_USDT', pricePrecision: 2, volumePrecision: 4, prompted: true },
  { id: 303, type: exchange, symbol: 'SOL_USDT', pricePrecision: 2, volumePrecision: 3, prompted: true },
  { id: 304, type: exchange, symbol: 'BNB_USDT', pricePrecision: 2, volumePrecision: 3 },
  { id: 305, type: exchange, symbol: 'XRP_USDT', pricePrecision: 4, volumePrecision: 1 },
  { id: 306, type: exchange, symbol: 'DOGE_USDT', pricePrecision: 6, volumePrecision: 0 },
  { id: 307, type: exchange, symbol: 'TRX_USDT', pricePrecision: 5, volumePrecision: 1 },
  { id: 308, type: exchange, symbol: 'LTC_USDT', pricePrecision: 2, volumePrecision: 3 },
  { id: 309, type: exchange, symbol: 'ETH_BTC', pricePrecision: 5, volumePrecision: 4 },
  { id: 310, type: exchange, symbol: 'USDC_USDT', pricePrecision: 4, volumePrecision: 2 },
  // Visible only to test accounts: lets an operator try a market before opening it.
  { id: 311, type: exchange, symbol: 'BTC_USDC', pricePrecision: 2, volumePrecision: 6, testOnly: true },
];

/** The smallest order value of a seeded market, by its quote currency (migration 0015 gives existing rows the same). */
const MINIMUM_ORDER_VALUE: Record<string, string> = { USDT: '1', USDC: '1', BTC: '0.00001', ETH: '0.0005' };

/** Throws when a symbol names an unknown currency or its precisions exceed the currency scales. */
export function assertSymbolFitsCurrencies(item: SeedSymbol, scaleByCode: ReadonlyMap<string, number>): void {
  const { baseSymbol, quoteSymbol } = splitSymbol(item.symbol);
  const baseScale = scaleByCode.get(baseSymbol);
  const quoteScale = scaleByCode.get(quoteSymbol);
  if (baseScale === undefined || quoteScale === undefined) throw new Error(`symbol ${item.symbol}: unknown currency`);
  if (item.pricePrecision > quoteScale) throw new Error(`symbol ${item.symbol}: price precision above the ${quoteSymbol} scale`);
  if (item.volumePrecision > baseScale) throw new Error(`symbol ${item.symbol}: volume precision above the ${baseSymbol} scale`);
}

export async function seedMarket(context: AppContext): Promise<void> {
  const scaleByCode = new Map(SEED_CURRENCIES.map((currency) => [currency.code, currency.scale]));
  for (const currency of SEED_CURRENCIES) {
    if (currency.scale > SCALE_MAX) throw new Error(`currency ${currency.code}: scale above ${SCALE_MAX}`);
  }
  for (const item of SEED_SYMBOLS) assertSymbolFitsCurrencies(item, scaleByCode);

  await context.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('currencies')
      .values(SEED_CURRENCIES.map((currency, index) => ({
        code: currency.code,
        display_name: currency.displayName,
        scale: currency.scale,
        sort_order: index + 1,
      })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await trx
      .insertInto('symbols')
      .values(SEED_SYMBOLS.map((item, index) => {
        const { baseSymbol, quoteSymbol } = splitSymbol(item.symbol);
        return {
          id: item.id,
          type: item.type,
          symbol: item.symbol,
          name: `${baseSymbol}/${quoteSymbol}`,
          test_only: item.testOnly ? 1 : 0,
          prompted: item.prompted ? 1 : 0,
          price_precision: item.pricePrecision,
          volume_precision: item.volumePrecision,
          base_symbol: baseSymbol,
          quote_symbol: quoteSymbol,
          svg_icon: coinIconPath(baseSymbol),
          sort_order: index + 1,
          min_order_value_units: parseUnits(MINIMUM_ORDER_VALUE[quoteSymbol] ?? '0', scaleByCode.get(quoteSymbol) ?? 0),
        };
      }))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  });
}
