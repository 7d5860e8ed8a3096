/**
 * Spot markets as operators manage them (issue 21): list, add, change fees, minimum and test-only,
 * suspend (cancel-only), resume, delist; and the fee tiers by VIP level. Every change is written
 * with its audit entry in one transaction, then the engine reloads its configuration
 * (Engine.reloadConfig: the new terms apply to the next order, and an added market's book opens
 * so that it trades at once) and the change is announced to the other instances.
 *
 * Delisting writes the status first, so that the engine refuses every new order in commit order,
 * then cancels the market's open orders in one engine command with their holds released. Asking
 * to delist a delisted market again runs that cancellation again (it cancels whatever an engine
 * failure might have left), and changes nothing else: a delisted market stays delisted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeeTier, OperatorMarket } from '../../../src/shared/api/operator-config';
import { formatUnits } from '../../../src/shared/money';
import { trimZeros } from '../../../src/shared/decimal';
import type { AppContext } from '../../context';
import { invalidFields } from '../../core/errors';
import { DEFAULT_FEES, type MarketStatus } from '../../engine/market-config';
import { forUpdate } from '../../db/row-lock';
import { coinIconPath, GENERIC_COIN_ICON } from '../../../src/shared/symbols';
import { recordChange, type Actor } from './audit-log';
import { configUnits } from './config-amounts';
import * as repo from './config-repo';
import { refuse } from './errors';

/**
 * A new market's icon: its base currency's where the served web app has one, else a neutral coin.
 * A path to no file would be a broken image, and a 404, on every page that lists the markets.
 */
function marketIcon(webRoot: string | undefined, base: string): string {
  const icon = coinIconPath(base);
  return webRoot !== undefined && fs.existsSync(path.join(webRoot, icon)) ? icon : GENERIC_COIN_ICON;
}

/** What changing markets needs of the engine (app.engine). */
export interface MarketsEngine {
  reloadConfig(): Promise<void>;
  cancelMarketOrders(symbolId: number): Promise<number>;
  config: { announceChange(): void };
}

function marketView(row: repo.SpotMarketRow): OperatorMarket {
  return {
    id: row.id,
    symbol: row.symbol,
    baseSymbol: row.baseSymbol,
    quoteSymbol: row.quoteSymbol,
    pricePrecision: row.pricePrecision,
    volumePrecision: row.volumePrecision,
    testOnly: row.testOnly,
    status: row.status as MarketStatus,
    makerFeePpm: Number(row.makerFeePpm),
    takerFeePpm: Number(row.takerFeePpm),
    minOrderValue: trimZeros(formatUnits(row.minOrderValueUnits, row.quoteScale)),
  };
}

export async function listMarkets(context: AppContext): Promise<OperatorMarket[]> {
  return (await repo.selectSpotMarkets(context.db)).map(marketView);
}

async function applied(engine: MarketsEngine): Promise<void> {
  await engine.reloadConfig();
  engine.config.announceChange();
}

export interface MarketInput {
  base: string;
  quote: string;
  pricePrecision: number;
  volumePrecision: number;
  minOrderValue: string;
  makerFeePpm?: number | undefined;
  takerFeePpm?: number | undefined;
  testOnly?: boolean | undefined;
  baseScale?: number | undefined;
  quoteScale?: number | undefined;
}

/** A currency's scale, adding the currency when the operator gave one. */
async function currencyScale(trx: AppContext['db'], code: string, givenScale: number | undefined): Promise<number> {
  const scale = await repo.findCurrencyScale(trx, code);
  if (scale !== undefined) return scale;
  if (givenScale === undefined) refuse('currencyScaleRequired', { currency: code });
  await repo.insertCurrency(trx, code, givenScale);
  return givenScale;
}

export async function addMarket(context: AppContext, engine: MarketsEngine, actor: Actor, input: MarketInput): Promise<OperatorMarket> {
  if (input.base === input.quote) invalidFields({ quote: 'must differ from the base currency' });
  const symbol = `${input.base}_${input.quote}`;
  const id = await context.db.transaction().execute(async (trx) => {
    if (await repo.findSpotMarket(trx, { symbol })) refuse('marketExists', { symbol });
    const baseScale = await currencyScale(trx, input.base, input.baseScale);
    const quoteScale = await currencyScale(trx, input.quote, input.quoteScale);
    // The engine keeps a price in units of the quote currency and a quantity in units of the base.
    if (input.pricePrecision > quoteScale) invalidFields({ pricePrecision: `at most ${quoteScale}, the decimals of ${input.quote}` });
    if (input.volumePrecision > baseScale) invalidFields({ volumePrecision: `at most ${baseScale}, the decimals of ${input.base}` });
    const market = {
      base: input.base,
      quote: input.quote,
      pricePrecision: input.pricePrecision,
      volumePrecision: input.volumePrecision,
      testOnly: input.testOnly ?? false,
      makerFeePpm: BigInt(input.makerFeePpm ?? DEFAULT_FEES.makerPpm),
      takerFeePpm: BigInt(input.takerFeePpm ?? DEFAULT_FEES.takerPpm),
      minOrderValueUnits: configUnits(input.minOrderValue, quoteScale, 'minOrderValue'),
      icon: marketIcon(context.config.webRoot, input.base),
    };
    const added = await repo.insertSpotMarket(trx, market);
    await recordChange(trx, actor, { action: 'market.add', target: `market ${added} ${symbol}`, before: null, after: marketView((await repo.findSpotMarket(trx, { id: added }))!) }, context.now());
    return added;
  });
  await applied(engine);
  return marketView((await repo.findSpotMarket(context.db, { id }))!);
}

export interface MarketChange {
  status?: MarketStatus | undefined;
  makerFeePpm?: number | undefined;
  takerFeePpm?: number | undefined;
  minOrderValue?: string | undefined;
  testOnly?: boolean | undefined;
}

export async function updateMarket(context: AppContext, engine: MarketsEngine, actor: Actor, id: number, change: MarketChange): Promise<{ market: OperatorMarket; cancelledOrders: number }> {
  const { before, after } = await context.db.transaction().execute(async (trx) => {
    // Changes of one market take turns on its row (PostgreSQL): a suspension that read 'active'
    // cannot write over a delisting committed meanwhile.
    await forUpdate(trx, trx.selectFrom('symbols').select('id').where('id', '=', BigInt(id))).execute();
    const current = await repo.findSpotMarket(trx, { id });
    if (!current) refuse('symbolNotFound');
    const onlyDelistAgain = change.status === 'delisted' && Object.values({ ...change, status: undefined }).every((value) => value === undefined);
    if (current.status === 'delisted' && !onlyDelistAgain) refuse('marketDelisted');
    await repo.updateSpotMarket(trx, id, {
      status: change.status,
      makerFeePpm: change.makerFeePpm === undefined ? undefined : BigInt(change.makerFeePpm),
      takerFeePpm: change.takerFeePpm === undefined ? undefined : BigInt(change.takerFeePpm),
      minOrderValueUnits: change.minOrderValue === undefined ? undefined : configUnits(change.minOrderValue, current.quoteScale, 'minOrderValue'),
      testOnly: change.testOnly,
    });
    const updated = (await repo.findSpotMarket(trx, { id }))!;
    return { before: marketView(current), after: marketView(updated) };
  });
  await applied(engine);
  const cancelledOrders = after.status === 'delisted' ? await engine.cancelMarketOrders(id) : 0;
  await recordChange(context.db, actor, { action: actionOf(before, after), target: `market ${id} ${after.symbol}`, before, after: { ...after, cancelledOrders } }, context.now());
  return { market: after, cancelledOrders };
}

/** The audit's name of a market change: its status move when there is one. */
function actionOf(before: OperatorMarket, after: OperatorMarket): string {
  if (after.status === before.status) return after.status === 'delisted' ? 'market.delist' : 'market.update';
  return { active: 'market.resume', suspended: 'market.suspend', delisted: 'market.delist' }[after.status];
}

export async function feeTiers(context: AppContext): Promise<FeeTier[]> {
  return repo.selectFeeTiers(context.db);
}

export async function setFeeTiers(context: AppContext, engine: MarketsEngine, actor: Actor, tiers: FeeTier[]): Promise<FeeTier[]> {
  const sorted = [...tiers].sort((left, right) => left.vipLevel - right.vipLevel);
  await context.db.transaction().execute(async (trx) => {
    const before = await repo.selectFeeTiers(trx);
    await repo.replaceFeeTiers(trx, sorted);
    await recordChange(trx, actor, { action: 'feetiers.set', target: 'fee tiers', before, after: sorted }, context.now());
  });
  await applied(engine);
  return sorted;
}
