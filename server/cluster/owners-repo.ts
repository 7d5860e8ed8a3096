/**
 * The SQL of engine ownership (migration 0017): the epoch bump of a taking instance, the fence of
 * every command piece, and where a market's live holder is reached. Who holds a market is its
 * advisory lock; the row says since which epoch and at which address.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Executor } from '../core/executor';

/** The advisory locks' first key (the two-int form): (ENGINE_LOCK_KEY, symbol id) per market. */
export const ENGINE_LOCK_KEY = 0x656e67; // "eng"
/** (PRESENCE_LOCK_KEY, 0) is held shared by every live instance: their count spreads the markets. */
export const PRESENCE_LOCK_KEY = 0x696e73; // "ins"

/** Raises the market's epoch (waiting for a deposed holder's open piece, which holds the row) and records this holder; answers the new epoch. */
export async function claimMarket(trx: Transaction<Database>, symbolId: number, instanceId: string, internalUrl: string, now: number): Promise<bigint> {
  const row = await trx
    .insertInto('engine_owners')
    .values({ symbol_id: symbolId, instance_id: instanceId, internal_url: internalUrl, epoch: 1n, taken_at: now })
    .onConflict((conflict) =>
      conflict.column('symbol_id').doUpdateSet({ epoch: sql`engine_owners.epoch + 1`, instance_id: instanceId, internal_url: internalUrl, taken_at: now }),
    )
    .returning('epoch')
    .executeTakeFirstOrThrow();
  return row.epoch;
}

/**
 * The fence: matches the holder's epoch and locks the row until the piece's batch commits. False
 * when another instance took the market since (its bump changed the epoch; READ COMMITTED
 * re-checks the WHERE on the row's latest version after waiting for that bump to commit).
 */
export async function matchEpoch(trx: Transaction<Database>, symbolId: number, epoch: bigint): Promise<boolean> {
  const result = await trx
    .updateTable('engine_owners')
    .set({ epoch: sql`epoch` })
    .where('symbol_id', '=', BigInt(symbolId))
    .where('epoch', '=', epoch)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The markets whose advisory lock someone holds in this database, and how many instances are live. */
export async function lockedMarkets(executor: Executor): Promise<{ live: number; held: Set<number> }> {
  const { rows } = await sql<{ classid: string; objid: string }>`
    select classid::text as classid, objid::text as objid from pg_locks
    where locktype = 'advisory' and objsubid = 2 and granted
      and classid::bigint in (${ENGINE_LOCK_KEY}, ${PRESENCE_LOCK_KEY})
      and database = (select oid from pg_database where datname = current_database())
  `.execute(executor);
  const held = new Set<number>();
  let live = 0;
  for (const row of rows) {
    if (Number(row.classid) === PRESENCE_LOCK_KEY) live += 1;
    else held.add(Number(row.objid));
  }
  return { live, held };
}

/** The internal address of the instance holding a market now, when one does. */
export async function liveHolderUrl(executor: Executor, symbolId: number): Promise<string | undefined> {
  const { rows } = await sql<{ internal_url: string }>`
    select internal_url from engine_owners o
    where o.symbol_id = ${symbolId} and exists (
      select 1 from pg_locks l
      where l.locktype = 'advisory' and l.objsubid = 2 and l.granted
        and l.classid::bigint = ${ENGINE_LOCK_KEY} and l.objid::bigint = ${symbolId}
        and l.database = (select oid from pg_database where datname = current_database())
    )
  `.execute(executor);
  return rows[0]?.internal_url;
}
