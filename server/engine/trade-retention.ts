/**
 * Old trades removed (server/maintenance.ts): the robots' trades with each other after the robots'
 * age, and every trade after the users' age when one is configured. What reads trades is left
 * whole: candles are their own table (kept for good); the latest trades, a restart's last price
 * and the robots' walk read the newest trades of a market, and the newest RECENT_TRADES_MAX of
 * each market are never removed, however old; a user's history is its own orders and ledger
 * rows, and a robot-only trade is in nobody's history.
 */
import type { Executor } from '../core/executor';
import { RECENT_TRADES_MAX } from '../../src/shared/api/market';

/** Trades deleted per statement, so that one statement holds the writer briefly. */
const DELETE_CHUNK = 5_000;

export interface TradeRetention {
  before: number;
  /** Only trades whose taker and maker are both among these users (the robots); absent: any trade. */
  betweenUsers?: readonly number[];
  /** Statements per market at most; the next run goes on. */
  chunksMax: number;
}

export async function deleteOldTrades(executor: Executor, retention: TradeRetention): Promise<number> {
  const between = retention.betweenUsers?.map((id) => BigInt(id));
  if (between?.length === 0) return 0;
  const markets = await executor.selectFrom('symbols').select('id').execute();
  let deleted = 0;
  for (const { id: symbolId } of markets) {
    // The oldest of the newest trades the market keeps whatever their age.
    const kept = await executor
      .selectFrom('trades')
      .select('id')
      .where('symbol_id', '=', symbolId)
      .orderBy('id', 'desc')
      .offset(RECENT_TRADES_MAX - 1)
      .limit(1)
      .executeTakeFirst();
    if (!kept) continue;
    for (let chunk = 0; chunk < retention.chunksMax; chunk += 1) {
      const result = await executor
        .deleteFrom('trades')
        .where('id', 'in', (eb) => {
          let old = eb
            .selectFrom('trades')
            .select('id')
            .where('symbol_id', '=', symbolId)
            .where('id', '<', kept.id)
            .where('created_at', '<', BigInt(retention.before));
          if (between) old = old.where('taker_user_id', 'in', between).where('maker_user_id', 'in', between);
          return old.orderBy('id').limit(DELETE_CHUNK);
        })
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
      if (result.numDeletedRows < BigInt(DELETE_CHUNK)) break;
    }
  }
  return deleted;
}
