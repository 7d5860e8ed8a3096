/**
 * Binary options (issue 18; the rules as the contract states them, src/shared/api/boption.ts).
 *
 * Creating an order is one piece of the group commit: the repeat check on (user, idempotency
 * key), the open price (the index now: app.prices, the spot market of the same pair at the option
 * symbol's precision, rounded down), the limits (the user's open orders, the platform's open
 * liability on the symbol and period, what the options house could pay), the row, the hold of the
 * stake on the spot wallet, the settlement job at the expiry and the outbox row of its events.
 * Pieces run one after another, so concurrent creates see each other's holds and orders: of many
 * racing for one balance, only those it covers are made (the ledger's guarded debit refuses the
 * rest), and the unique key makes a repeated request one order whatever the timing.
 *
 * Settlement at the expiry is settlement.ts's.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { BoptionConfig, BoptionDirection, BoptionOrder, BoptionPeriod, BoptionStatus } from '../../../src/shared/api/boption';
import { LIST_PAGE_MAX, SYMBOL_TYPE } from '../../../src/shared/constants';
import { trimZeros, unitsText } from '../../../src/shared/decimal';
import { formatUnits, mulDivUnits } from '../../../src/shared/money';
import type { AppContext } from '../../context';
import { parsePositiveUnits } from '../../core/amounts';
import type { SessionUser } from '../../core/viewer';
import type { Database } from '../../db/schema';
import { PPM } from '../../engine/amounts';
import { lockSystemAccount, placeHold, systemBalance, userOwner } from '../../ledger/ledger';
import { writeOutbox } from '../../outbox';
import type { IndexPrices } from '../../prices/index-price';
import type { NewJob } from '../../scheduler/scheduler';
import { parseIdempotencyKey } from '../balance/service';
import { symbolsForViewer } from '../market/service';
import { refuse } from './errors';
import * as repo from './repo';

/** What options are staked and paid in, from the spot wallet. */
export const BOPTION_CURRENCY = 'USDT';
/** The platform account on the other side of every option. */
export const OPTIONS_HOUSE = 'options_house';
export const SETTLE_JOB_KIND = 'boption.settle';
/** Published after an order's commit (placed or settled) for its owner's socket. */
export const ORDER_CHANGED_TOPIC = 'boption.order';
/** The ledger hold's reference type; its id is the order's. */
export const HOLD_REFERENCE = 'boption';
const HISTORY_PAGE_DEFAULT = 20;

export interface BoptionDeps {
  context: AppContext;
  prices: Pick<IndexPrices, 'current' | 'derivedSymbols'>;
  schedule: (job: NewJob, executor: Transaction<Database>) => Promise<void>;
  /** Asks the outbox to dispatch soon (after the piece's commit). */
  kickOutbox: () => void;
}

/** A binary-option symbol with the spot market that prices it. */
interface OptionSymbol {
  id: number;
  symbol: string;
  pricePrecision: number;
  indexSymbolId: number;
}

/** The option symbols the viewer may see that have an index (a spot market of the same pair), in their order. */
async function optionSymbols(deps: BoptionDeps, viewer: SessionUser | null): Promise<OptionSymbol[]> {
  const derived = new Map(deps.prices.derivedSymbols().map((symbol) => [symbol.symbolId, symbol]));
  return (await symbolsForViewer(deps.context.db, viewer)).flatMap((symbol) => {
    const source = derived.get(symbol.id);
    if (symbol.type !== SYMBOL_TYPE.boption || !source) return [];
    return [{ id: symbol.id, symbol: symbol.symbol, pricePrecision: symbol.pricePrecision, indexSymbolId: source.indexSymbolId }];
  });
}

/** A symbol by id (or its digits) or by name in any case (btc_usdt, BTC/USDT); the first without a key. */
async function resolveSymbol(deps: BoptionDeps, viewer: SessionUser | null, key: number | string | undefined): Promise<OptionSymbol> {
  const symbols = await optionSymbols(deps, viewer);
  const id = typeof key === 'number' ? key : key !== undefined && /^\d+$/.test(key) ? Number(key) : undefined;
  const name = typeof key === 'string' ? key.toUpperCase().replace('/', '_') : undefined;
  const found = key === undefined ? symbols[0] : symbols.find((symbol) => (id !== undefined ? symbol.id === id : symbol.symbol === name));
  if (!found) refuse('symbolNotFound');
  return found;
}

/** A symbol's periods: its rows, and the configured extra periods on the terms of its shortest one. */
async function periodsOf(context: AppContext, symbolId: number): Promise<repo.PeriodTerms[]> {
  const stored = await repo.periodsOf(context.db, symbolId);
  const shortest = stored[0];
  if (!shortest) return [];
  const extra = context.config.boptionExtraPeriodsSeconds.filter((seconds) => !stored.some((period) => period.seconds === seconds));
  return [...extra.map((seconds) => ({ ...shortest, seconds })), ...stored].sort((left, right) => left.seconds - right.seconds);
}

function rateText(ppm: number): string {
  return trimZeros(formatUnits(BigInt(ppm), 6));
}

export async function boptionConfig(deps: BoptionDeps, viewer: SessionUser | null, key: number | string | undefined): Promise<BoptionConfig> {
  const { context } = deps;
  const symbol = await resolveSymbol(deps, viewer, key);
  const [periods, scale, openOrdersMax] = await Promise.all([periodsOf(context, symbol.id), repo.currencyScale(context.db, BOPTION_CURRENCY), repo.openOrdersMax(context.db)]);
  const index = deps.prices.current(symbol.id);
  return {
    symbolId: symbol.id,
    symbol: symbol.symbol,
    indexSymbolId: symbol.indexSymbolId,
    currency: BOPTION_CURRENCY,
    periods: periods.map(
      (period): BoptionPeriod => ({
        seconds: period.seconds,
        payoutRate: rateText(period.payoutRatePpm),
        minStake: unitsText(period.minStakeUnits, scale),
        maxStake: unitsText(period.maxStakeUnits, scale),
      }),
    ),
    openOrdersMax,
    indexPrice: index ? formatUnits(index.priceTicks, symbol.pricePrecision) : null,
    indexAt: index?.at ?? null,
  };
}

export interface CreateInput {
  symbol: number | string;
  direction: BoptionDirection;
  periodSeconds: number;
  stake: string;
}

function requestHashOf(symbolId: number, input: CreateInput, stakeUnits: bigint): string {
  return crypto.createHash('sha256').update(JSON.stringify(['boption/create', symbolId, input.direction, input.periodSeconds, stakeUnits.toString()])).digest('hex');
}

/**
 * What the platform would pay on the symbol and period if one side won, net of the other side's
 * stakes, at its worst: the liability the period's bound limits.
 */
function liabilityOf(exposure: Record<BoptionDirection, { stakeUnits: bigint; winProfitUnits: bigint }>): bigint {
  const ifUp = exposure.up.winProfitUnits - exposure.down.stakeUnits;
  const ifDown = exposure.down.winProfitUnits - exposure.up.stakeUnits;
  const worst = ifUp > ifDown ? ifUp : ifDown;
  return worst > 0n ? worst : 0n;
}

/** The limits an order must pass in its piece: the user's open orders, the period's liability, the house's funds. */
async function checkLimits(trx: Transaction<Database>, userId: number, symbol: OptionSymbol, terms: repo.PeriodTerms, direction: BoptionDirection, stakeUnits: bigint, winProfitUnits: bigint) {
  // Every total read below decides this write: creates of all instances take turns.
  await lockSystemAccount(trx, OPTIONS_HOUSE, BOPTION_CURRENCY);
  const openOrdersMax = await repo.openOrdersMax(trx);
  if ((await repo.countOpen(trx, userId)) >= openOrdersMax) refuse('boptionOpenOrdersLimit', { max: openOrdersMax });
  const exposure = await repo.openExposure(trx, symbol.id, terms.seconds);
  const before = liabilityOf(exposure);
  const side = exposure[direction];
  const after = liabilityOf({ ...exposure, [direction]: { stakeUnits: side.stakeUnits + stakeUnits, winProfitUnits: side.winProfitUnits + winProfitUnits } });
  // An order that lowers the liability is taken even past the bound (an operator may have lowered it).
  if (after > terms.liabilityMaxUnits && after > before) refuse('boptionLiabilityLimit');
  // The house must be able to pay every open order's win at once: a settlement never waits for funds.
  const house = await systemBalance(trx, OPTIONS_HOUSE, BOPTION_CURRENCY);
  if (house < (await repo.openWinProfits(trx, BOPTION_CURRENCY)) + winProfitUnits) refuse('platformLimitReached');
}

/** Refuses a repeated key whose request differs; answers the order a repeat of the same request made. */
function repeatOf(previous: repo.OrderRow | undefined, requestHash: string): repo.OrderRow | undefined {
  if (previous && previous.request_hash !== requestHash) refuse('idempotencyConflict');
  return previous;
}

interface Acceptance {
  userId: number;
  idempotencyKey: string;
  requestHash: string;
  symbol: OptionSymbol;
  terms: repo.PeriodTerms;
  direction: BoptionDirection;
  stakeUnits: bigint;
}

/** The piece that accepts an order: the repeat check again (a copy may have raced), the open price, the limits, the row, the hold, the job, the event. */
async function acceptOrder(deps: BoptionDeps, trx: Transaction<Database>, order: Acceptance): Promise<repo.OrderRow> {
  const repeat = repeatOf(await repo.findByKey(trx, order.userId, order.idempotencyKey), order.requestHash);
  if (repeat) return repeat;
  // The open price is the index at acceptance, read in the piece that accepts.
  const index = deps.prices.current(order.symbol.id);
  if (!index) refuse('indexUnavailable');
  const winProfitUnits = mulDivUnits(order.stakeUnits, BigInt(order.terms.payoutRatePpm), PPM, 'down');
  await checkLimits(trx, order.userId, order.symbol, order.terms, order.direction, order.stakeUnits, winProfitUnits);
  const now = deps.context.now();
  const row = await repo.insertOrder(trx, {
    ...order,
    symbolId: order.symbol.id,
    periodSeconds: order.terms.seconds,
    currency: BOPTION_CURRENCY,
    payoutRatePpm: order.terms.payoutRatePpm,
    winProfitUnits,
    pricePrecision: order.symbol.pricePrecision,
    openPriceTicks: index.priceTicks,
    openedAt: now,
    expiresAt: now + order.terms.seconds * 1000,
  });
  const id = String(row.id);
  await placeHold(trx, { owner: userOwner(order.userId), wallet: 'spot', currency: BOPTION_CURRENCY, amountUnits: order.stakeUnits, referenceType: HOLD_REFERENCE, referenceId: id, now });
  await deps.schedule({ kind: SETTLE_JOB_KIND, key: id, runAt: Number(row.expires_at) }, trx);
  await writeOutbox(trx, ORDER_CHANGED_TOPIC, { userId: order.userId, orderId: Number(row.id) }, now);
  return row;
}

export async function createOrder(deps: BoptionDeps, viewer: SessionUser, input: CreateInput, idempotencyKeyHeader: string | string[] | undefined): Promise<BoptionOrder> {
  const { context } = deps;
  const idempotencyKey = parseIdempotencyKey(idempotencyKeyHeader);
  const symbol = await resolveSymbol(deps, viewer, input.symbol);
  const scale = await repo.currencyScale(context.db, BOPTION_CURRENCY);
  const stakeUnits = parsePositiveUnits(input.stake, scale);
  const requestHash = requestHashOf(symbol.id, input, stakeUnits);
  // A repeat answers its order before the terms are read again: an operator's change since refuses no retry.
  const repeat = repeatOf(await repo.findByKey(context.db, viewer.id, idempotencyKey), requestHash);
  if (repeat) return (await orderViews(context, [repeat]))[0]!;
  const terms = (await periodsOf(context, symbol.id)).find((period) => period.seconds === input.periodSeconds);
  if (!terms) refuse('boptionPeriodNotOffered', { seconds: input.periodSeconds });
  if (stakeUnits < terms.minStakeUnits) refuse('boptionStakeBelowMin', { min: unitsText(terms.minStakeUnits, scale), currency: BOPTION_CURRENCY });
  if (stakeUnits > terms.maxStakeUnits) refuse('boptionStakeAboveMax', { max: unitsText(terms.maxStakeUnits, scale), currency: BOPTION_CURRENCY });
  const row = await context.commits.run((trx) =>
    acceptOrder(deps, trx, { userId: viewer.id, idempotencyKey, requestHash, symbol, terms, direction: input.direction, stakeUnits }),
  );
  deps.kickOutbox();
  return (await orderViews(context, [row]))[0]!;
}

async function orderViews(context: AppContext, rows: repo.OrderRow[]): Promise<BoptionOrder[]> {
  if (rows.length === 0) return [];
  const symbolIds = [...new Set(rows.map((row) => row.symbol_id))];
  const [names, scale] = await Promise.all([repo.symbolNames(context.db, symbolIds), repo.currencyScale(context.db, BOPTION_CURRENCY)]);
  return rows.map((row) => {
    const precision = Number(row.price_precision);
    return {
      id: Number(row.id),
      symbolId: Number(row.symbol_id),
      symbol: names.get(row.symbol_id) ?? '',
      direction: row.direction as BoptionDirection,
      periodSeconds: Number(row.period_seconds),
      stake: formatUnits(row.stake_units, scale),
      payoutRate: rateText(Number(row.payout_rate_ppm)),
      status: row.status as BoptionStatus,
      openPrice: formatUnits(row.open_price_ticks, precision),
      settlePrice: row.settle_price_ticks === null ? null : formatUnits(row.settle_price_ticks, precision),
      payout: row.payout_units === null ? null : formatUnits(row.payout_units, scale),
      profit: row.payout_units === null ? null : formatUnits(row.payout_units - row.stake_units, scale),
      openedAt: Number(row.opened_at),
      expiresAt: Number(row.expires_at),
      settledAt: row.settled_at === null ? null : Number(row.settled_at),
    };
  });
}

/** One of the user's orders; another user's is answered as none at all. */
export async function orderStatus(context: AppContext, userId: number, id: number): Promise<BoptionOrder> {
  const row = await repo.findOrder(context.db, id);
  if (!row || Number(row.user_id) !== userId) refuse('boptionOrderNotFound');
  return (await orderViews(context, [row]))[0]!;
}

/** The order an outbox event names, for its owner's socket; undefined when it is gone. */
export async function orderForEvent(context: AppContext, id: number): Promise<{ userId: number; order: BoptionOrder } | undefined> {
  const row = await repo.findOrder(context.db, id);
  return row && { userId: Number(row.user_id), order: (await orderViews(context, [row]))[0]! };
}

export async function recentOpenOrders(deps: BoptionDeps, viewer: SessionUser, key: number | string | undefined): Promise<BoptionOrder[]> {
  const symbolId = key === undefined ? undefined : (await resolveSymbol(deps, viewer, key)).id;
  return orderViews(deps.context, await repo.listOpen(deps.context.db, viewer.id, symbolId, LIST_PAGE_MAX));
}

export interface HistoryQuery {
  offset?: number;
  limit?: number;
  symbol?: number | string;
  status?: BoptionStatus;
  from?: number;
  to?: number;
}

export async function orderHistory(deps: BoptionDeps, viewer: SessionUser, query: HistoryQuery): Promise<{ total: number; list: BoptionOrder[] }> {
  const symbolId = query.symbol === undefined ? undefined : (await resolveSymbol(deps, viewer, query.symbol)).id;
  const limit = Math.min(query.limit ?? HISTORY_PAGE_DEFAULT, LIST_PAGE_MAX);
  const { total, rows } = await repo.listForUser(deps.context.db, viewer.id, { symbolId, status: query.status, from: query.from, to: query.to, offset: query.offset ?? 0, limit });
  return { total, list: await orderViews(deps.context, rows) };
}
