/**
 * Futures rules (issue 17; the contract and its design are src/shared/api/futures.ts): the
 * config, opening a position, closing one or all, the stop points, the lists and the account's
 * figures. The steps that move money are settle.ts's; the risk loop is risk-loop.ts's.
 *
 * Creating is one piece of the group commit: the repeat check on (user, idempotency key), the
 * limits (below), the row, the hold of margin plus open fee on the futures wallet's USDT, and for
 * a market order the open itself. Pieces run one after another, so concurrent creates see each
 * other's positions in the limits, and the unique key makes a repeated request one position.
 *
 * The limits a new position must pass, besides its symbol's leverage choices and size bounds:
 * - the user's notional in the symbol (pending and open, at entry or trigger) stays within the
 *   symbol's userNotionalMax;
 * - the platform's net exposure in the symbol (longs minus shorts, pending and open, at the mark)
 *   may pass netExposureMax only towards the lighter side: a position that makes the net larger
 *   than that and larger than it was is refused;
 * - the futures house (floor zero) must hold what it owes at the marks now (per symbol and side,
 *   the unrealised profit of the open positions) plus the new position's notional (a full move of
 *   the new position in its favour). A profit the house could not pay is refused here, at open
 *   time, rather than found missing at the close.
 *
 * Both limits read the running totals per symbol and side (futures_exposure, migration 0014; the
 * repo moves them in the pieces that open, close, cancel and liquidate), not the positions: a
 * create costs the same with 100,000 positions live as with none. What the house owes on a side is
 * the side's PnL at the mark, open lots x mark minus the entry value (sum of lots x entry), which
 * the totals give exactly; it is rounded up and counted when positive. That is exactly what the
 * house pays if the side closes at the mark now: a close pays its PnL at the mark, and a
 * liquidation gives the house its side at the mark as well (settle.ts; the insurance fund takes or
 * pays the rest), so the side's winners are paid from its losers. What no total can give is the
 * sum of max(0, PnL) per position (the profit of the winners alone, should they close while the
 * losers stay open): that sum bends at every entry price. The new position's full notional is the
 * room kept for it, and a profit the house still cannot pay at a close is refused there and tried
 * again later (risk-loop.ts).
 */
import type { Transaction } from 'kysely';
import crypto from 'node:crypto';
import type { FuturesCloseReason, FuturesOrderType, FuturesPosition, FuturesSide, FuturesStats, FuturesStatus } from '../../../src/shared/api/futures';
import { FUTURES_USDT, LIST_PAGE_MAX } from '../../../src/shared/constants';
import { unitsText } from '../../../src/shared/decimal';
import {
  invalidStopPoint,
  liquidationTicks,
  maintenanceMarginUnits,
  marginRatioPpm,
  marketEntryTicks,
  notionalUnits,
  pnlUnits,
  quoteOpen,
} from '../../../src/shared/futures-math';
import { formatUnits } from '../../../src/shared/money';
import { parsePositiveUnits } from '../../core/amounts';
import { BusinessError } from '../../core/errors';
import type { Executor } from '../../core/executor';
import type { SessionUser } from '../../core/viewer';
import type { Database } from '../../db/schema';
import { lockSystemAccount, placeHold, systemBalance, userBalances, userOwner } from '../../ledger/ledger';
import { parseIdempotencyKey } from '../balance/service';
import { refuse } from './errors';
import * as repo from './repo';
import { followInBook, HOLD_REFERENCE, isLiquidationReached, openInPiece, takeStep, type FuturesDeps, type Step } from './settle';
import { configAnswer, findSymbol, isVisibleTo, loadSymbolTerms, MARGIN_CURRENCY, positionView, rateText, requireMark, type SymbolTerms } from './terms';

const DAY_MS = 86_400_000;
const LIST_PAGE_DEFAULT = 20;
const SCOPE_STATUSES: Record<'open' | 'history' | 'all', readonly FuturesStatus[] | undefined> = {
  open: ['pending', 'open'],
  history: ['closed', 'cancelled'],
  all: undefined,
};

export async function futuresConfig(deps: FuturesDeps, viewer: SessionUser | null, id: number | string | undefined) {
  const symbols = await loadSymbolTerms(deps.context.db, deps.prices, viewer);
  return configAnswer(id === undefined ? symbols : [findSymbol(symbols, id)], deps.prices);
}

export interface CreateInput {
  symbol: number | string;
  side: FuturesSide;
  type: FuturesOrderType;
  leverage: number;
  margin?: string | undefined;
  volume?: string | undefined;
  triggerPrice?: string | undefined;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
}

/** A create's input in the symbol's units, checked for what needs no mark. */
interface ParsedOrder {
  side: FuturesSide;
  type: FuturesOrderType;
  leverage: number;
  size: { marginUnits: bigint } | { volumeSteps: bigint };
  triggerTicks: bigint | null;
  takeProfitTicks: bigint | null;
  stopLossTicks: bigint | null;
}

function parsePrice(symbol: SymbolTerms, text: string | undefined): bigint | null {
  return text === undefined ? null : parsePositiveUnits(text, symbol.math.pricePrecision);
}

function parseOrder(symbol: SymbolTerms, input: CreateInput): ParsedOrder {
  if (!symbol.leverages.includes(input.leverage)) refuse('futuresLeverageNotOffered', { leverages: symbol.leverages.join(', ') });
  if ((input.margin === undefined) === (input.volume === undefined)) refuse('futuresSizeInvalid');
  if ((input.type === 'limit') !== (input.triggerPrice !== undefined)) refuse('futuresTriggerPriceInvalid');
  const size =
    input.margin !== undefined
      ? { marginUnits: parsePositiveUnits(input.margin, symbol.math.marginScale) }
      : { volumeSteps: parsePositiveUnits(input.volume!, symbol.math.volumePrecision) };
  return {
    side: input.side,
    type: input.type,
    leverage: input.leverage,
    size,
    triggerTicks: parsePrice(symbol, input.triggerPrice),
    takeProfitTicks: parsePrice(symbol, input.takeProfit),
    stopLossTicks: parsePrice(symbol, input.stopLoss),
  };
}

/** Refuses a stop point on the wrong side of the reference price (entry or trigger), or a stop-loss past the liquidation price. */
function checkStopPoints(symbol: SymbolTerms, side: FuturesSide, referenceTicks: bigint, liquidation: bigint | undefined, points: { takeProfitTicks: bigint | null; stopLossTicks: bigint | null }): void {
  const invalid = invalidStopPoint(side, referenceTicks, liquidation, { takeProfitTicks: points.takeProfitTicks ?? undefined, stopLossTicks: points.stopLossTicks ?? undefined });
  if (invalid === 'takeProfit') refuse('futuresTakeProfitInvalid');
  if (invalid === 'stopLoss') refuse('futuresStopLossInvalid', { liquidationPrice: liquidation === undefined ? '-' : formatUnits(liquidation, symbol.math.pricePrecision) });
}

/** What makes two creates the same request: the order in the symbol's units, so 1.5 equals 1.50. */
function createRequestHash(symbol: SymbolTerms, order: ParsedOrder): string {
  const text = (value: bigint | null) => (value === null ? null : value.toString());
  const size = 'marginUnits' in order.size ? ['margin', order.size.marginUnits.toString()] : ['volume', order.size.volumeSteps.toString()];
  const canonical = JSON.stringify(['futures/create', symbol.symbolId, order.side, order.type, order.leverage, ...size, text(order.triggerTicks), text(order.takeProfitTicks), text(order.stopLossTicks)]);
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

/** What the house pays if a side's open positions close at the mark: their PnL summed, rounded up; zero when the side owes the house (see the file's comment). */
function sideOwedUnits(symbol: SymbolTerms, total: repo.SideExposure, markTicks: bigint): bigint {
  const valueNow = total.openLots * markTicks;
  const move = total.side === 'long' ? valueNow - total.openEntryValue : total.openEntryValue - valueNow;
  // A sum of lots x ticks is the value of that many lots at one tick.
  return move > 0n ? notionalUnits(symbol.math, move, 1n, 'up') : 0n;
}

/** The user's notional limit, the platform's net exposure and the house's cover (see the file's comment). */
async function checkLimits(
  deps: FuturesDeps,
  executor: Transaction<Database>,
  /** Every futures symbol, visible to the caller or not. */
  symbols: readonly SymbolTerms[],
  symbol: SymbolTerms,
  position: { userId: number; side: FuturesSide; volumeSteps: bigint; notionalUnits: bigint; markTicks: bigint },
): Promise<void> {
  const { userId, side, volumeSteps, notionalUnits: notionalUnitsNew, markTicks } = position;
  // Every total read below decides this write: creates of all instances take turns.
  await lockSystemAccount(executor, 'futures_house', MARGIN_CURRENCY);
  const held = await repo.userNotionalUnits(executor, userId, symbol.symbolId);
  if (held + notionalUnitsNew > symbol.userNotionalMaxUnits) refuse('futuresUserNotionalExceeded', { max: unitsText(symbol.userNotionalMaxUnits, symbol.math.marginScale) });

  const totals = await repo.exposureTotals(executor);
  const lotsOf = (side: FuturesSide) => {
    const total = totals.find((candidate) => candidate.symbolId === symbol.symbolId && candidate.side === side);
    return total ? total.pendingLots + total.openLots : 0n;
  };
  const net = lotsOf('long') - lotsOf('short');
  const netAfter = net + (side === 'long' ? volumeSteps : -volumeSteps);
  const magnitude = (lots: bigint) => (lots < 0n ? -lots : lots);
  if (magnitude(netAfter) > magnitude(net) && notionalUnits(symbol.math, magnitude(netAfter), markTicks, 'down') > symbol.netExposureMaxUnits) refuse('futuresNetExposureExceeded');

  let owedUnits = 0n;
  for (const total of totals) {
    const marked = symbols.find((candidate) => candidate.symbolId === total.symbolId);
    const mark = marked && deps.prices.current(marked.symbolId);
    if (marked && mark) owedUnits += sideOwedUnits(marked, total, mark.priceTicks);
  }
  const house = await systemBalance(executor, 'futures_house', MARGIN_CURRENCY);
  if (house < owedUnits + notionalUnitsNew) refuse('platformLimitReached');
}

/** The position a key already made for this user, when there is one; the same key with another request is refused. */
async function madeBefore(executor: Executor, userId: number, idempotencyKey: string, requestHash: string): Promise<repo.PositionRow | undefined> {
  const previous = await repo.findByKey(executor, userId, idempotencyKey);
  if (previous && previous.request_hash !== requestHash) refuse('idempotencyConflict');
  return previous;
}

/** What the order would be at the mark now: its reference price (the entry, or the trigger), size, margin, fee and notional, within the symbol's bounds. */
function quoteCreate(symbol: SymbolTerms, order: ParsedOrder, markTicks: bigint) {
  const referenceTicks = order.triggerTicks ?? marketEntryTicks(order.side, markTicks, symbol.spreadPpm);
  const quote = quoteOpen(symbol.math, { side: order.side, leverage: order.leverage, entryTicks: referenceTicks, ...order.size });
  const { volumePrecision } = symbol.math;
  const base = symbol.baseSymbol;
  if (quote.volumeSteps < symbol.minVolumeLots) refuse('futuresVolumeBelowMin', { min: unitsText(symbol.minVolumeLots, volumePrecision), base });
  if (quote.volumeSteps > symbol.maxVolumeLots) refuse('futuresVolumeAboveMax', { max: unitsText(symbol.maxVolumeLots, volumePrecision), base });
  checkStopPoints(symbol, order.side, referenceTicks, quote.liquidationTicks, order);
  return { quote, notionalUnits: notionalUnits(symbol.math, quote.volumeSteps, referenceTicks, 'down') };
}

export async function createPosition(deps: FuturesDeps, viewer: SessionUser, input: CreateInput, idempotencyKeyHeader: string | string[] | undefined): Promise<FuturesPosition> {
  const { context, prices } = deps;
  const idempotencyKey = parseIdempotencyKey(idempotencyKeyHeader);
  // Every symbol, for what the house owes; the one ordered must be one the caller sees.
  const allSymbols = await loadSymbolTerms(context.db, prices, 'all');
  const symbol = findSymbol(
    allSymbols.filter((candidate) => isVisibleTo(candidate, viewer)),
    input.symbol,
  );
  const order = parseOrder(symbol, input);
  const requestHash = createRequestHash(symbol, order);
  // A repeat answers what the first made, whatever the mark says now (and again in the piece, for racing repeats).
  const made = await madeBefore(context.db, viewer.id, idempotencyKey, requestHash);
  if (made) return positionView(made, symbol);
  const markTicks = requireMark(prices, symbol.symbolId);
  const { quote, notionalUnits: notional } = quoteCreate(symbol, order, markTicks);

  const outcome = await context.commits.run(async (trx) => {
    const previous = await madeBefore(trx, viewer.id, idempotencyKey, requestHash);
    if (previous) return { row: previous, replayed: true };
    await checkLimits(deps, trx, allSymbols, symbol, { userId: viewer.id, side: order.side, volumeSteps: quote.volumeSteps, notionalUnits: notional, markTicks });
    const now = context.now();
    const row = await repo.insertPosition(trx, {
      userId: viewer.id,
      symbolId: symbol.symbolId,
      idempotencyKey,
      requestHash,
      side: order.side,
      type: order.type,
      leverage: order.leverage,
      volumeLots: quote.volumeSteps,
      marginUnits: quote.marginUnits,
      notionalUnits: notional,
      openFeeUnits: quote.openFeeUnits,
      closeFeePpm: symbol.closeFeePpm,
      maintenancePpm: symbol.maintenancePpm,
      spreadPpm: symbol.spreadPpm,
      triggerTicks: order.triggerTicks,
      takeProfitTicks: order.takeProfitTicks,
      stopLossTicks: order.stopLossTicks,
      now,
    });
    const owner = userOwner(viewer.id);
    await placeHold(trx, { owner, wallet: 'futures', currency: MARGIN_CURRENCY, amountUnits: quote.costUnits, referenceType: HOLD_REFERENCE, referenceId: String(row.id), now });
    if (order.type === 'market') await openInPiece(trx, row, symbol, markTicks, now);
    return { row: (await repo.findPosition(trx, Number(row.id)))!, replayed: false };
  });
  const view = positionView(outcome.row, symbol);
  if (!outcome.replayed) {
    followInBook(deps.book, outcome.row);
    deps.publisher.positionChanged(viewer.id, view);
  }
  return view;
}

/** The caller's position and its symbol, or futuresPositionNotFound (another user's position is none at all). */
async function ownPosition(deps: FuturesDeps, userId: number, id: number): Promise<{ row: repo.PositionRow; symbol: SymbolTerms }> {
  const row = await repo.findPosition(deps.context.db, id);
  if (!row || Number(row.user_id) !== userId) refuse('futuresPositionNotFound');
  const symbols = await loadSymbolTerms(deps.context.db, deps.prices, 'all');
  return { row, symbol: symbols.find((symbol) => symbol.symbolId === Number(row.symbol_id)) ?? refuse('symbolNotFound') };
}

/**
 * The owner's close, decided on the position as the piece reads it: a pending one is cancelled, an
 * open one closed at the mark (as a liquidation when the mark has reached its liquidation price:
 * the owner's close does not outrun the risk loop), a closed or cancelled one answered as it is.
 */
function userCloseStep(deps: FuturesDeps, symbolId: number): (row: repo.PositionRow | undefined) => Step | undefined {
  return (row) => {
    if (row?.status === 'pending') return { kind: 'cancel' };
    if (row?.status !== 'open') return undefined;
    const markTicks = requireMark(deps.prices, symbolId);
    const reason: FuturesCloseReason = isLiquidationReached(row, markTicks) ? 'liquidation' : 'user';
    return { kind: 'close', reason, markTicks };
  };
}

export async function closePosition(deps: FuturesDeps, userId: number, id: number): Promise<FuturesPosition> {
  const { symbol } = await ownPosition(deps, userId, id);
  const { row } = await takeStep(deps, id, symbol, userCloseStep(deps, symbol.symbolId));
  return positionView(row, symbol);
}

/**
 * Closes the caller's open positions and cancels the pending ones (of one symbol), each its own
 * piece of one group commit. When one close is refused (the house short of the profit, say), the
 * others stand: the answer counts it as refused and lists it as it is, still open. An error that is
 * no refusal is thrown once every piece has finished.
 */
export async function closeAll(deps: FuturesDeps, viewer: SessionUser, symbolKey: number | string | undefined) {
  const { context, prices } = deps;
  const visible = await loadSymbolTerms(context.db, prices, viewer);
  const symbolId = symbolKey === undefined ? undefined : findSymbol(visible, symbolKey).symbolId;
  const all = await loadSymbolTerms(context.db, prices, 'all');
  const rows = await repo.listLiveOfUser(context.db, viewer.id, symbolId);
  // Nothing is closed unless everything open can be: a symbol without a mark refuses the whole call.
  for (const row of rows) if (row.status === 'open') requireMark(prices, Number(row.symbol_id));
  const outcomes = await Promise.allSettled(
    rows.map(async (row) => {
      const symbol = all.find((candidate) => candidate.symbolId === Number(row.symbol_id)) ?? refuse('symbolNotFound');
      try {
        const { row: after, moved } = await takeStep(deps, Number(row.id), symbol, userCloseStep(deps, symbol.symbolId));
        return { status: moved ? after.status : undefined, view: positionView(after, symbol) };
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        const now = (await repo.findPosition(context.db, Number(row.id))) ?? row;
        return { status: 'refused' as const, view: positionView(now, symbol) };
      }
    }),
  );
  const answered = outcomes.map((outcome) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  });
  const count = (status: string) => answered.filter((outcome) => outcome.status === status).length;
  return { closed: count('closed'), cancelled: count('cancelled'), refused: count('refused'), list: answered.map((outcome) => outcome.view) };
}

export interface StopPointsInput {
  id: number;
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
}

/** Where a pending position would be liquidated if it opened at its trigger: what its stop-loss is checked against. */
function expectedLiquidationTicks(row: repo.PositionRow, symbol: SymbolTerms): bigint | undefined {
  if (row.liquidation_ticks !== null) return row.liquidation_ticks;
  if (row.trigger_ticks === null) return undefined;
  const terms = { side: row.side as FuturesSide, volumeSteps: row.volume_lots, entryTicks: row.trigger_ticks, marginUnits: row.margin_units };
  return liquidationTicks(symbol.math, terms, row.maintenance_ppm);
}

export async function updateStopPoints(deps: FuturesDeps, userId: number, input: StopPointsInput): Promise<FuturesPosition> {
  const { symbol } = await ownPosition(deps, userId, input.id);
  const pointOf = (text: string | null | undefined, current: bigint | null) => (text === undefined ? current : text === null ? null : parsePositiveUnits(text, symbol.math.pricePrecision));
  const row = await deps.context.commits.run(async (trx) => {
    // Locked: a pending position that opens meanwhile gets another liquidation price, and the
    // points must be checked against the terms they are written with.
    const current = (await repo.lockPosition(trx, input.id))!;
    if (current.status !== 'pending' && current.status !== 'open') refuse('futuresPositionClosed');
    const points = { takeProfitTicks: pointOf(input.takeProfit, current.take_profit_ticks), stopLossTicks: pointOf(input.stopLoss, current.stop_loss_ticks) };
    const referenceTicks = current.entry_ticks ?? current.trigger_ticks;
    if (referenceTicks === null) throw new Error(`futures position ${current.id} has neither entry nor trigger`);
    checkStopPoints(symbol, current.side as FuturesSide, referenceTicks, expectedLiquidationTicks(current, symbol), points);
    await repo.updateStopPoints(trx, input.id, points);
    return (await repo.findPosition(trx, input.id))!;
  });
  followInBook(deps.book, row);
  const view = positionView(row, symbol);
  deps.publisher.positionChanged(userId, view, { balanceMoved: false });
  return view;
}

export interface OrdersQuery {
  offset?: number | undefined;
  limit?: number | undefined;
  scope?: 'open' | 'history' | 'all' | undefined;
  symbol?: number | string | undefined;
  side?: FuturesSide | undefined;
  closeReason?: FuturesCloseReason | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export async function listOrders(deps: FuturesDeps, viewer: SessionUser, query: OrdersQuery): Promise<{ total: number; list: FuturesPosition[] }> {
  const { context, prices } = deps;
  const all = await loadSymbolTerms(context.db, prices, 'all');
  const symbolId = query.symbol === undefined ? undefined : findSymbol(await loadSymbolTerms(context.db, prices, viewer), query.symbol).symbolId;
  const { total, rows } = await repo.listForUser(context.db, viewer.id, {
    statuses: SCOPE_STATUSES[query.scope ?? 'all'],
    symbolId,
    side: query.side,
    closeReason: query.closeReason,
    from: query.from,
    to: query.to,
    offset: query.offset ?? 0,
    limit: Math.min(query.limit ?? LIST_PAGE_DEFAULT, LIST_PAGE_MAX),
  });
  const bySymbol = new Map(all.map((symbol) => [symbol.symbolId, symbol]));
  return { total, list: rows.map((row) => positionView(row, bySymbol.get(Number(row.symbol_id)) ?? refuse('symbolNotFound'))) };
}

/** The caller's futures account at the marks now (a symbol without a mark counts its positions at their entry). */
export async function futuresStats(deps: FuturesDeps, userId: number): Promise<FuturesStats> {
  const { context, prices } = deps;
  const [symbols, balances, rows, todayNet] = await Promise.all([
    loadSymbolTerms(context.db, prices, 'all'),
    userBalances(context.db, userId),
    repo.listLiveOfUser(context.db, userId),
    repo.closedNetSince(context.db, userId, Math.floor(context.now() / DAY_MS) * DAY_MS),
  ]);
  const wallet = balances.find((balance) => balance.wallet === 'futures' && balance.currency === MARGIN_CURRENCY);
  const available = wallet?.availableUnits ?? 0n;
  const marginInUse = wallet?.heldUnits ?? 0n;
  let unrealized = 0n;
  let maintenance = 0n;
  let openEquity = 0n;
  let openCount = 0;
  for (const row of rows) {
    const symbol = symbols.find((candidate) => candidate.symbolId === Number(row.symbol_id));
    if (row.status !== 'open' || row.entry_ticks === null || !symbol) continue;
    const markTicks = prices.current(symbol.symbolId)?.priceTicks ?? row.entry_ticks;
    const pnl = pnlUnits(symbol.math, { side: row.side as FuturesSide, volumeSteps: row.volume_lots, entryTicks: row.entry_ticks, marginUnits: row.margin_units }, markTicks);
    unrealized += pnl;
    maintenance += maintenanceMarginUnits(symbol.math, row.volume_lots, markTicks, row.maintenance_ppm);
    openEquity += row.margin_units + pnl;
    openCount += 1;
  }
  const scale = await repo.marginScale(context.db, MARGIN_CURRENCY);
  return {
    currency: FUTURES_USDT,
    available: formatUnits(available, scale),
    marginInUse: formatUnits(marginInUse, scale),
    unrealizedPnl: formatUnits(unrealized, scale),
    equity: formatUnits(available + marginInUse + unrealized, scale),
    marginRatio: openCount === 0 ? null : rateText(marginRatioPpm(maintenance, openEquity)),
    openCount,
    pendingCount: rows.filter((row) => row.status === 'pending').length,
    todayPnl: formatUnits(todayNet, scale),
  };
}
