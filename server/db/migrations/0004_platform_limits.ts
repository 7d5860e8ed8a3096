/**
 * Limits of the platform's own accounts (ARCHITECTURE.md, "Platform accounts"): a system
 * account that pays users out (the convert house now; futures, options, rewards and loans as they
 * land) may not fall below its floor. `min_balance_units` holds that floor; null leaves a system
 * account unbounded (genesis, the other side of money entering the platform, is negative by
 * nature). User accounts keep their own rule (may_go_negative = 0: never below zero).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_accounts').addColumn('min_balance_units', 'bigint').execute();
  // The convert house pays from its inventory: its available accounts may not go below zero.
  await sql`update ledger_accounts set min_balance_units = 0 where owner_key = 's:house' and bucket = 'available'`.execute(db);
}
