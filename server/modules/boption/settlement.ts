/**
 * Settling binary options (the contract: src/shared/api/boption.ts). Settlement is the scheduler's
 * job at the expiry (kind SETTLE_JOB_KIND, key the order id): one piece that marks the job done,
 * moves the order out of 'open' (a status guard in SQL), moves the money (the ledger's idempotency
 * key on the order) and writes the notification and the outbox row of its socket events. It reads
 * the index of the expiry instant from boption_index, which records every option symbol's index
 * each sampling round (recordIndex), not the in-memory history, which a restart loses: a late or
 * restarted scheduler settles with the price of the instant, not of the moment it runs. When no
 * price of the instant was recorded (the server was down, or there was no index), the stake is
 * refunded as a tie: nobody can say who won, and neither side keeps the other's money.
 */
import type { Transaction } from 'kysely';
import type { BoptionStatus } from '../../../src/shared/api/boption';
import { unitsText } from '../../../src/shared/decimal';
import { formatUnits } from '../../../src/shared/money';
import { splitSymbol } from '../../../src/shared/symbols';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { consumeHold, releaseHold, systemOwner, userOwner } from '../../ledger/ledger';
import { writeOutbox } from '../../outbox';
import { SAMPLE_INTERVAL_MS, type IndexPrices } from '../../prices/index-price';
import { BOPTION_NOTIFICATION_TYPE, createNotifications } from '../notification/service';
import * as repo from './repo';
import { HOLD_REFERENCE, OPTIONS_HOUSE, ORDER_CHANGED_TOPIC } from './service';

/** The price of an expiry instant is the last recorded one at or before it, no older than this. */
export const EXPIRY_PRICE_AGE_MAX_MS = 2 * SAMPLE_INTERVAL_MS;
/** Recorded index prices are kept this long: far past the longest period and a restart. */
export const INDEX_RETENTION_MS = 24 * 60 * 60_000;

type Outcome = 'won' | 'lost' | 'tie' | 'refunded';

function outcomeOf(order: repo.OrderRow, settlePriceTicks: bigint | undefined): Outcome {
  if (settlePriceTicks === undefined) return 'refunded';
  if (settlePriceTicks === order.open_price_ticks) return 'tie';
  const rose = settlePriceTicks > order.open_price_ticks;
  return rose === (order.direction === 'up') ? 'won' : 'lost';
}

/** Moves the stake as the outcome says, once per order (the ledger's idempotency key on top of the status guard). */
async function settleMoney(trx: Transaction<Database>, order: repo.OrderRow, outcome: Outcome, now: number): Promise<void> {
  const id = String(order.id);
  const user = userOwner(Number(order.user_id));
  const currency = order.currency;
  const idempotencyKey = `boption:settle:${id}`;
  const hold = { referenceType: HOLD_REFERENCE, referenceId: id, currency, idempotencyKey, now };
  if (outcome === 'tie' || outcome === 'refunded') {
    await releaseHold(trx, hold);
    return;
  }
  const house = { owner: systemOwner(OPTIONS_HOUSE), wallet: 'system' as const, currency };
  await consumeHold(trx, {
    ...hold,
    amountUnits: order.stake_units,
    kind: `boption:${outcome}`,
    // A win: the stake back and its profit from the house; a loss: the stake to the house.
    ...(outcome === 'won'
      ? {
          credits: [{ account: { owner: user, wallet: 'spot' as const, currency }, amountUnits: order.stake_units + order.win_profit_units }],
          extraPostings: [{ account: house, amountUnits: -order.win_profit_units }],
        }
      : { credits: [{ account: house, amountUnits: order.stake_units }] }),
  });
}

async function notifySettled(trx: Transaction<Database>, order: repo.OrderRow, outcome: Outcome, settlePriceTicks: bigint | undefined, payoutUnits: bigint, now: number): Promise<void> {
  const names = await repo.symbolNames(trx, [order.symbol_id]);
  const { baseSymbol, quoteSymbol } = splitSymbol(names.get(order.symbol_id) ?? '');
  const scale = await repo.currencyScale(trx, order.currency);
  const precision = Number(order.price_precision);
  const params = {
    outcome,
    seconds: Number(order.period_seconds),
    symbol: `${baseSymbol}/${quoteSymbol}`,
    stake: unitsText(order.stake_units, scale),
    payout: unitsText(payoutUnits, scale),
    currency: order.currency,
    openPrice: formatUnits(order.open_price_ticks, precision),
    settlePrice: settlePriceTicks === undefined ? '' : formatUnits(settlePriceTicks, precision),
  };
  await createNotifications(trx, [{ userId: Number(order.user_id), type: BOPTION_NOTIFICATION_TYPE, params }], now);
}

/**
 * Settles an order at the recorded index of its expiry, inside the caller's transaction (the
 * scheduler's, which marks the job done in it). Answers false when there was nothing to do: the
 * order is unknown or no longer open.
 */
export async function settleInTransaction(trx: Transaction<Database>, orderId: number, now: number): Promise<boolean> {
  const order = await repo.findOrder(trx, orderId);
  if (!order || order.status !== 'open') return false;
  const expiresAt = Number(order.expires_at);
  const recorded = await repo.indexAt(trx, Number(order.symbol_id), expiresAt, expiresAt - EXPIRY_PRICE_AGE_MAX_MS);
  const outcome = outcomeOf(order, recorded?.priceTicks);
  const payoutUnits = outcome === 'won' ? order.stake_units + order.win_profit_units : outcome === 'lost' ? 0n : order.stake_units;
  const status: Exclude<BoptionStatus, 'open'> = outcome === 'refunded' ? 'tie' : outcome;
  if (!(await repo.markSettled(trx, orderId, { status, settlePriceTicks: recorded?.priceTicks ?? null, payoutUnits, settledAt: now }))) return false;
  await settleMoney(trx, order, outcome, now);
  await notifySettled(trx, order, outcome, recorded?.priceTicks, payoutUnits, now);
  await writeOutbox(trx, ORDER_CHANGED_TOPIC, { userId: Number(order.user_id), orderId }, now);
  return true;
}

/** Settles an order in a piece of its own (what the job does, for a second settler); true when this call settled it. */
export async function settleOrder(context: AppContext, orderId: number): Promise<boolean> {
  return context.commits.run((trx) => settleInTransaction(trx, orderId, context.now()));
}

/** One sampling round: each option symbol's index now, durable for settlement (the sweep removes records past a day: server/maintenance.ts). */
export async function recordIndex(context: AppContext, prices: Pick<IndexPrices, 'current'>, optionSymbolIds: ReadonlySet<number>, now: number): Promise<void> {
  const points = [...optionSymbolIds].flatMap((symbolId) => {
    const index = prices.current(symbolId);
    return index ? [{ symbolId, priceTicks: index.priceTicks }] : [];
  });
  await context.commits.run((trx) => repo.insertIndexPrices(trx, now, points));
}
