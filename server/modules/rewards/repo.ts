/**
 * SQL of check-in and the lucky draw. Every read is scoped to one user's rows except the lookup of
 * a ticket by its id, whose owner the service checks. Balances never change here: the service pays
 * through server/ledger/ledger.ts.
 */
import type { Executor } from '../../core/executor';

export interface CheckinRow {
  day: number;
  streak: number;
}

export interface DrawRow {
  id: number;
  ticketId: number;
  prizeId: string;
  currency: string;
  amountUnits: bigint;
  createdAt: number;
}

export async function currencyScales(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor.selectFrom('currencies').select(['code', 'scale']).execute();
  return new Map(rows.map((row) => [row.code, Number(row.scale)]));
}

export async function findCheckin(executor: Executor, userId: number, day: number): Promise<CheckinRow | undefined> {
  const row = await executor.selectFrom('checkins').select(['day', 'streak']).where('user_id', '=', BigInt(userId)).where('day', '=', BigInt(day)).executeTakeFirst();
  return row ? { day: Number(row.day), streak: Number(row.streak) } : undefined;
}

/** Days in [fromDay, toDay] the user checked in, ascending. */
export async function listCheckinDays(executor: Executor, userId: number, fromDay: number, toDay: number): Promise<number[]> {
  const rows = await executor
    .selectFrom('checkins')
    .select('day')
    .where('user_id', '=', BigInt(userId))
    .where('day', '>=', BigInt(fromDay))
    .where('day', '<=', BigInt(toDay))
    .orderBy('day')
    .execute();
  return rows.map((row) => Number(row.day));
}

/** Writes a check-in; false when the user has one for that day already (the unique key refuses it). */
export async function insertCheckin(
  executor: Executor,
  checkin: { userId: number; day: number; streak: number; currency: string; amountUnits: bigint; now: number },
): Promise<boolean> {
  const inserted = await executor
    .insertInto('checkins')
    .values({
      user_id: checkin.userId,
      day: checkin.day,
      streak: checkin.streak,
      currency: checkin.currency,
      amount_units: checkin.amountUnits,
      created_at: checkin.now,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function insertTicket(executor: Executor, userId: number, earnedDay: number, now: number): Promise<void> {
  await executor.insertInto('draw_tickets').values({ user_id: userId, earned_day: earnedDay, created_at: now, used_at: null }).execute();
}

export async function listUnusedTickets(executor: Executor, userId: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const unused = executor.selectFrom('draw_tickets').where('user_id', '=', BigInt(userId)).where('used_at', 'is', null);
  const [rows, count] = await Promise.all([
    unused.select('id').orderBy('id').limit(limit).execute(),
    unused.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => Number(row.id)), total: Number(count.total) };
}

export async function findTicket(executor: Executor, ticketId: number): Promise<{ userId: number; usedAt: number | null } | undefined> {
  const row = await executor.selectFrom('draw_tickets').select(['user_id', 'used_at']).where('id', '=', BigInt(ticketId)).executeTakeFirst();
  return row ? { userId: Number(row.user_id), usedAt: row.used_at === null ? null : Number(row.used_at) } : undefined;
}

/** Marks an unused ticket used; false when it was used already. */
export async function markTicketUsed(executor: Executor, ticketId: number, now: number): Promise<boolean> {
  const result = await executor.updateTable('draw_tickets').set({ used_at: now }).where('id', '=', BigInt(ticketId)).where('used_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertDraw(executor: Executor, draw: Omit<DrawRow, 'id'> & { userId: number }): Promise<number> {
  const inserted = await executor
    .insertInto('lucky_draws')
    .values({
      user_id: draw.userId,
      ticket_id: draw.ticketId,
      prize_id: draw.prizeId,
      currency: draw.currency,
      amount_units: draw.amountUnits,
      created_at: draw.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

const DRAW_COLUMNS = ['id', 'ticket_id', 'prize_id', 'currency', 'amount_units', 'created_at'] as const;

function drawOf(row: { id: bigint; ticket_id: bigint; prize_id: string; currency: string; amount_units: bigint; created_at: bigint }): DrawRow {
  return {
    id: Number(row.id),
    ticketId: Number(row.ticket_id),
    prizeId: row.prize_id,
    currency: row.currency,
    amountUnits: row.amount_units,
    createdAt: Number(row.created_at),
  };
}

export async function findDrawByTicket(executor: Executor, userId: number, ticketId: number): Promise<DrawRow | undefined> {
  const row = await executor.selectFrom('lucky_draws').select(DRAW_COLUMNS).where('user_id', '=', BigInt(userId)).where('ticket_id', '=', BigInt(ticketId)).executeTakeFirst();
  return row ? drawOf(row) : undefined;
}

export async function listDraws(executor: Executor, userId: number, limit: number): Promise<DrawRow[]> {
  const rows = await executor.selectFrom('lucky_draws').select(DRAW_COLUMNS).where('user_id', '=', BigInt(userId)).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(drawOf);
}
