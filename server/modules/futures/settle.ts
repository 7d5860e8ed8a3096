/**
 * Every step of a position that moves money, each exactly once (api/futures.ts). A step is one
 * piece of the group commit: the position's status moves with a guard on the status it leaves
 * (WHERE status = 'pending' or 'open'), and its postings carry the ledger's idempotency key
 * (futures:open:{id}, futures:close:{id}, futures:cancel:{id}); of two paths racing for one
 * position (the owner's close and a liquidation, two risk-loop rounds, a retry) the first
 * commits and the others find it moved and do nothing. Only after the commit is the risk book
 * told and the owner's `futures` and `balance` events sent.
 *
 * The money of a position (the ledger's accounts; F2's math in src/shared/futures-math.ts):
 * - create: margin + open fee held on the futures wallet's USDT (a hold referencing the position);
 * - open (at once for a market order, when the mark reaches the trigger for a limit one): the
 *   open fee goes from the hold to the fee account; the margin stays held;
 * - close: the held margin is split (settleClose, settleLiquidation) between the owner's
 *   available USDT (margin + PnL - close fee), the fee account, the futures house (minus the PnL
 *   at the mark: the counterparty's side) and the insurance fund (what a liquidation leaves, or
 *   what a gap past bankruptcy costs). The parts add up to the margin, so every close sums to zero.
 *   When a gap costs more than the insurance fund holds, the house receives that much less (its
 *   floor and the fund's are both zero: nothing is paid from nothing);
 * - cancel (a pending one): the hold is released whole.
 */
import type { Transaction } from 'kysely';
import type { FuturesCloseReason, FuturesPosition, FuturesSide } from '../../../src/shared/api/futures';
import {
  bankruptcyTicks,
  liquidationTicks,
  marketEntryTicks,
  notionalUnits,
  pnlUnits,
  settleClose,
  settleLiquidation,
  tradeFeeUnits,
  type CloseSettlement,
  type PositionTerms,
} from '../../../src/shared/futures-math';
import { unitsText } from '../../../src/shared/decimal';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { consumeHold, releaseHold, systemBalance, systemOwner, userOwner } from '../../ledger/ledger';
import { createNotifications, FUTURES_NOTIFICATION_TYPE } from '../notification/service';
import type { RiskBook, RiskEntry, RiskTrigger } from './risk-book';
import * as repo from './repo';
import { MARGIN_CURRENCY, positionView, type FuturesPrices, type SymbolTerms } from './terms';

/** The ledger hold's reference type; its id is the position's. */
export const HOLD_REFERENCE = 'futures';

/** Where a position's change is announced after its commit: the owner's `futures` event, and `balance` unless no money moved. */
export interface FuturesPublisher {
  positionChanged(userId: number, position: FuturesPosition, options?: { balanceMoved: boolean }): void;
}

/** What every step needs: the database, the marks, the risk book and the publisher. */
export interface FuturesDeps {
  context: AppContext;
  prices: FuturesPrices;
  book: RiskBook;
  publisher: FuturesPublisher;
}

export type Step = { kind: 'open'; markTicks: bigint } | { kind: 'close'; reason: FuturesCloseReason; markTicks: bigint } | { kind: 'cancel' };

/** The math's view of an open position. */
export function positionTerms(row: repo.PositionRow): PositionTerms {
  if (row.entry_ticks === null) throw new Error(`futures position ${row.id} has no entry`);
  return { side: row.side as FuturesSide, volumeSteps: row.volume_lots, entryTicks: row.entry_ticks, marginUnits: row.margin_units };
}

/** Whether the mark has reached a position's liquidation price. */
export function isLiquidationReached(row: repo.PositionRow, markTicks: bigint): boolean {
  if (row.status !== 'open' || row.liquidation_ticks === null) return false;
  return row.side === 'long' ? markTicks <= row.liquidation_ticks : markTicks >= row.liquidation_ticks;
}

/** The risk book's entry of a pending or open position; undefined once it is closed or cancelled. */
export function riskEntryOf(row: repo.PositionRow): RiskEntry | undefined {
  if (row.status !== 'pending' && row.status !== 'open') return undefined;
  const optional = (ticks: bigint | null) => ticks ?? undefined;
  return {
    positionId: Number(row.id),
    symbolId: Number(row.symbol_id),
    side: row.side as FuturesSide,
    status: row.status,
    triggerPrice: optional(row.trigger_ticks),
    takeProfit: optional(row.take_profit_ticks),
    stopLoss: optional(row.stop_loss_ticks),
    liquidationPrice: optional(row.liquidation_ticks),
  };
}

/** Opens a pending position at the mark with its spread: the entry, the liquidation price, the open fee paid from the hold. */
export async function openInPiece(trx: Transaction<Database>, row: repo.PositionRow, symbol: SymbolTerms, markTicks: bigint, now: number): Promise<boolean> {
  const side = row.side as FuturesSide;
  const entryTicks = marketEntryTicks(side, markTicks, row.spread_ppm);
  const terms: PositionTerms = { side, volumeSteps: row.volume_lots, entryTicks, marginUnits: row.margin_units };
  const opened = await repo.markOpen(trx, Number(row.id), {
    entryTicks,
    liquidationTicks: liquidationTicks(symbol.math, terms, row.maintenance_ppm),
    notionalUnits: notionalUnits(symbol.math, row.volume_lots, entryTicks, 'down'),
    now,
  });
  if (!opened) return false;
  if (row.open_fee_units > 0n) {
    await consumeHold(trx, {
      referenceType: HOLD_REFERENCE,
      referenceId: String(row.id),
      currency: MARGIN_CURRENCY,
      amountUnits: row.open_fee_units,
      credits: [{ account: { owner: systemOwner('fees'), wallet: 'system', currency: MARGIN_CURRENCY }, amountUnits: row.open_fee_units }],
      kind: 'futures:open',
      idempotencyKey: `futures:open:${row.id}`,
      now,
    });
  }
  return true;
}

/** What a gap costs beyond the insurance fund is taken from what the house receives: neither account passes its floor. */
async function withinInsuranceFund(trx: Transaction<Database>, settlement: CloseSettlement): Promise<CloseSettlement> {
  if (settlement.insuranceUnits >= 0n) return settlement;
  const fund = await systemBalance(trx, 'insurance', MARGIN_CURRENCY);
  const available = fund > 0n ? fund : 0n;
  const shortfall = -settlement.insuranceUnits - available;
  if (shortfall <= 0n) return settlement;
  return { ...settlement, insuranceUnits: -available, houseUnits: settlement.houseUnits - shortfall };
}

/** Closes an open position: at the mark (user, take-profit, stop-loss) or at its bankruptcy price (liquidation). */
export async function closeInPiece(
  trx: Transaction<Database>,
  row: repo.PositionRow,
  symbol: SymbolTerms,
  reason: FuturesCloseReason,
  markTicks: bigint,
  now: number,
): Promise<boolean> {
  const terms = positionTerms(row);
  const pnlAtMark = pnlUnits(symbol.math, terms, markTicks);
  const liquidation = reason === 'liquidation';
  const settlement = await withinInsuranceFund(
    trx,
    liquidation ? settleLiquidation(row.margin_units, pnlAtMark) : settleClose(row.margin_units, pnlAtMark, tradeFeeUnits(symbol.math, row.volume_lots, markTicks, row.close_fee_ppm)),
  );
  const closed = await repo.markClosed(trx, Number(row.id), {
    reason,
    closeTicks: liquidation ? bankruptcyTicks(symbol.math, terms) : markTicks,
    closeFeeUnits: settlement.feeUnits,
    realizedPnlUnits: settlement.userPnlUnits,
    now,
  });
  if (!closed) return false;
  const owner = userOwner(Number(row.user_id));
  const system = (name: 'fees' | 'futures_house' | 'insurance', amountUnits: bigint) => ({ account: { owner: systemOwner(name), wallet: 'system' as const, currency: MARGIN_CURRENCY }, amountUnits });
  await consumeHold(trx, {
    referenceType: HOLD_REFERENCE,
    referenceId: String(row.id),
    currency: MARGIN_CURRENCY,
    amountUnits: row.margin_units,
    credits: [{ account: { owner, wallet: 'futures', currency: MARGIN_CURRENCY }, amountUnits: settlement.payoutUnits }, system('fees', settlement.feeUnits)],
    extraPostings: [system('futures_house', settlement.houseUnits), system('insurance', settlement.insuranceUnits)],
    kind: 'futures:close',
    idempotencyKey: `futures:close:${row.id}`,
    now,
  });
  return true;
}

/** Cancels a pending position: its hold (margin and open fee) goes back whole. */
export async function cancelInPiece(trx: Transaction<Database>, row: repo.PositionRow, now: number): Promise<boolean> {
  if (!(await repo.markCancelled(trx, Number(row.id), now))) return false;
  await releaseHold(trx, { referenceType: HOLD_REFERENCE, referenceId: String(row.id), currency: MARGIN_CURRENCY, idempotencyKey: `futures:cancel:${row.id}`, now });
  return true;
}

/** The notification of a step the owner did not take themselves: a trigger, a take-profit, a stop-loss, a liquidation. */
async function notifyStep(trx: Transaction<Database>, row: repo.PositionRow, symbol: SymbolTerms, event: RiskTrigger, now: number): Promise<void> {
  const view = positionView(row, symbol);
  const params: Record<string, string> = {
    event,
    symbol: symbol.symbol.replace('_', '/'),
    volume: unitsText(row.volume_lots, symbol.math.volumePrecision),
    base: symbol.baseSymbol,
    price: (event === 'open' ? view.entryPrice : view.closePrice) ?? '',
    pnl: view.realizedPnl ?? '',
    margin: view.margin,
  };
  await createNotifications(trx, [{ userId: Number(row.user_id), type: FUTURES_NOTIFICATION_TYPE, params }], now);
}

/** What a step is when the risk book fired it: a notification is sent for it. */
function triggerOf(step: Step): RiskTrigger | undefined {
  if (step.kind === 'open') return 'open';
  if (step.kind === 'close' && step.reason !== 'user') return step.reason;
  return undefined;
}

async function stepInPiece(trx: Transaction<Database>, row: repo.PositionRow, symbol: SymbolTerms, step: Step, now: number): Promise<boolean> {
  if (step.kind === 'open') return openInPiece(trx, row, symbol, step.markTicks, now);
  if (step.kind === 'close') return closeInPiece(trx, row, symbol, step.reason, step.markTicks, now);
  return cancelInPiece(trx, row, now);
}

/**
 * Takes one step of a position in one piece of the group commit: `decide` reads the position in
 * the piece and names the step (or none: nothing left to do; or it refuses, as the owner's check
 * does), and the step happens when the position is still where the step starts from. Answers the
 * position as it is afterwards, moved by this call or not.
 */
export async function takeStep(
  deps: FuturesDeps,
  positionId: number,
  symbol: SymbolTerms,
  decide: (row: repo.PositionRow | undefined) => Step | undefined,
): Promise<{ row: repo.PositionRow; moved: boolean }> {
  const { context } = deps;
  const outcome = await context.commits.run(async (trx) => {
    const found = await repo.findPosition(trx, positionId);
    const step = decide(found);
    if (!found) throw new Error(`futures position ${positionId} does not exist`);
    const now = context.now();
    if (!step || !(await stepInPiece(trx, found, symbol, step, now))) return { row: found, moved: false };
    const moved = (await repo.findPosition(trx, positionId))!;
    const trigger = triggerOf(step);
    if (trigger) await notifyStep(trx, moved, symbol, trigger, now);
    return { row: moved, moved: true };
  });
  followInBook(deps.book, outcome.row);
  if (outcome.moved) deps.publisher.positionChanged(Number(outcome.row.user_id), positionView(outcome.row, symbol));
  return outcome;
}

/** The risk book follows a position as it is stored: armed with its prices while pending or open, gone after. */
export function followInBook(book: RiskBook, row: repo.PositionRow): void {
  const entry = riskEntryOf(row);
  if (entry) book.upsert(entry);
  else book.remove(Number(row.id));
}
