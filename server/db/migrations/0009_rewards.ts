/**
 * Check-in and lucky draw (server/modules/rewards). A check-in is one row per (user, UTC day): the
 * unique key is what makes a second check-in the same day impossible, however many race. A ticket
 * is earned by a streak step and used by exactly one draw (lucky_draws.ticket_id is unique). The
 * money itself moves in the ledger, from the rewards fund (systemOwner('rewards'), floor zero).
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('checkins')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    // Days since the epoch, UTC.
    .addColumn('day', types.integer, (column) => column.notNull())
    .addColumn('streak', types.integer, (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_units', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('checkins_user_day', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('draw_tickets')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    // The check-in day whose streak step earned it: one ticket per step.
    .addColumn('earned_day', types.integer, (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addUniqueConstraint('draw_tickets_user_day', ['user_id', 'earned_day'])
    .execute();
  await db.schema.createIndex('draw_tickets_unused').on('draw_tickets').columns(['user_id', 'used_at']).execute();
  await db.schema
    .createTable('lucky_draws')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('ticket_id', types.integer, (column) => column.notNull().unique().references('draw_tickets.id'))
    .addColumn('prize_id', 'text', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_units', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('lucky_draws_user').on('lucky_draws').columns(['user_id', 'id']).execute();
}
