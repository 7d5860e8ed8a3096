/**
 * Retention benchmark (issue 22): a simulated 30 days of robot trading on a fake clock, with the
 * database's size and the audit's time at day 1, 7 and 30. Goal: both flat once the robots'
 * retention window (7 days) has passed, the audit under 2 s at day 30.
 *
 * Two steps, because the real robots cannot run 30 days fast enough (each tick is a dozen engine
 * commands per market through the group commit: about 2,400 ticks a simulated hour, so a month
 * would take days of this machine's time):
 * 1. Calibration: the real robots (server/modules/robots) tick through the real engine and ledger
 *    at ROBOT_TRADES_PER_MINUTE's default for BENCH_RETENTION_MINUTES simulated minutes (1.5 s a
 *    tick, the clock moved by the test's hand); what they add per table, scaled to a day, is the
 *    growth a day of robots gives at that rate.
 * 2. The month: each simulated day writes that day's volume straight into the tables (ledger
 *    transactions and postings between the robots that net to zero per account, so the cached
 *    balances stay true; trades, closed orders, released holds, dispatched outbox events and the
 *    day's candles), then runs what the server runs: the scheduler's checkpoint at midnight and
 *    the sweep (until it has nothing left, as its runs every ten minutes would over a day).
 * The audit is timed just before the day's checkpoint, with a whole day's journal since the last
 * one: its worst moment. Sizes are the file's used pages (free pages excluded) after the sweep.
 * The machine is shared: times are upper bounds. BENCH_ROBOT_TRADES_PER_MINUTE measures another
 * rate, BENCH_RETENTION_CALIBRATE_ONLY=1 stops after step 1 (to compare rates), and
 * BENCH_RETENTION_DAYS shortens the month.
 */
import { performance } from 'node:perf_hooks';
import type SqliteDatabase from 'better-sqlite3';
import { ROBOT_TRADES_PER_MINUTE_DEFAULT } from '../../server/config';
import { auditLedger } from '../../server/ledger/audit';
import { sweep } from '../../server/maintenance';
import { ensureRobotAccounts } from '../../server/modules/robots/accounts';
import { MarketMakers } from '../../server/modules/robots/robots';
import { KLINE_INTERVAL_MS, KLINE_INTERVALS } from '../../src/shared/api/market';
import { buildTestServer, type TestServer } from '../helpers/server';
import { renderTable, type BenchmarkModule, type BenchmarkRow } from './run';
import { positiveInteger } from './support/numbers';

const DAY_MS = 24 * 60 * 60_000;
const DAYS = positiveInteger(process.env.BENCH_RETENTION_DAYS, 30);
const REPORTED_DAYS = [1, 7, 30, DAYS];
const CALIBRATION_MINUTES = positiveInteger(process.env.BENCH_RETENTION_MINUTES, 10);
/** The robots' rate measured (ROBOT_TRADES_PER_MINUTE's default unless BENCH_ROBOT_TRADES_PER_MINUTE says otherwise). */
const TRADES_PER_MINUTE = positiveInteger(process.env.BENCH_ROBOT_TRADES_PER_MINUTE, ROBOT_TRADES_PER_MINUTE_DEFAULT);
const TICK_MS = 1_500;
/** Ticks before counting: the robots' first ladders are a one-off, not a day's growth. */
const WARMUP_TICKS = 40;
const TABLES = ['ledger_transactions', 'ledger_postings', 'trades', 'orders', 'ledger_holds', 'outbox'] as const;
type Table = (typeof TABLES)[number];
const INSERT_BATCH = 500;

interface DayVolume {
  rows: Record<Table, number>;
  /** Used bytes a day of robots adds before any retention. */
  bytes: number;
  markets: number[];
}

/** The benchmark measures SQLite's file (the default database). */
function sqliteOf(server: TestServer): SqliteDatabase.Database {
  const { sqlite } = server.database as { sqlite?: SqliteDatabase.Database };
  if (!sqlite) throw new Error('the retention benchmark runs on SQLite');
  return sqlite;
}

function usedBytes(server: TestServer): number {
  const sqlite = sqliteOf(server);
  const pages = Number(sqlite.pragma('page_count', { simple: true })) - Number(sqlite.pragma('freelist_count', { simple: true }));
  return pages * Number(sqlite.pragma('page_size', { simple: true }));
}

async function tableCounts(server: TestServer): Promise<Record<Table, number>> {
  const counts = {} as Record<Table, number>;
  for (const table of TABLES) {
    const row = await server.context.db.selectFrom(table).select((eb) => eb.fn.countAll<bigint>().as('rows')).executeTakeFirstOrThrow();
    counts[table] = Number(row.rows);
  }
  return counts;
}

/** Step 1: the real robots for a while, their growth scaled to a day. */
async function calibrate(): Promise<DayVolume> {
  const server = await buildTestServer({ demoMode: false, robotsEnabled: true, robotTradesPerMinute: TRADES_PER_MINUTE });
  try {
    const record = await ensureRobotAccounts(server.context);
    const makers = new MarketMakers(server.context, server.app.engine, record, { seed: 22 });
    const tick = async () => {
      server.advance(TICK_MS);
      await makers.tick();
    };
    for (let index = 0; index < WARMUP_TICKS; index += 1) await tick();
    const [countsBefore, bytesBefore] = [await tableCounts(server), usedBytes(server)];
    const ticks = Math.round((CALIBRATION_MINUTES * 60_000) / TICK_MS);
    for (let index = 0; index < ticks; index += 1) await tick();
    const [countsAfter, bytesAfter] = [await tableCounts(server), usedBytes(server)];
    const scale = DAY_MS / (ticks * TICK_MS);
    const rows = {} as Record<Table, number>;
    for (const table of TABLES) rows[table] = Math.round((countsAfter[table] - countsBefore[table]) * scale);
    return { rows, bytes: (bytesAfter - bytesBefore) * scale, markets: server.app.engine.symbols().map((symbol) => symbol.id) };
  } finally {
    await server.close();
  }
}

/** Runs `insert` over `count` rows in batches of multi-row INSERTs, inside one SQLite transaction. */
function writeRows(server: TestServer, count: number, insert: (from: number, to: number) => void): void {
  const sqlite = sqliteOf(server);
  sqlite.transaction(() => {
    for (let from = 0; from < count; from += INSERT_BATCH) insert(from, Math.min(count, from + INSERT_BATCH));
  })();
}

/**
 * Step 2, one day: the day's volume written straight into the tables. Ledger transactions come
 * in pairs that move an amount between the two robots and back (every third pair with a fee
 * leg, near the real 2.3 postings a transaction), so each account's postings of the day net to zero.
 */
async function writeDay(server: TestServer, volume: DayVolume, robots: number[], day: number, start: number): Promise<void> {
  const sqlite = sqliteOf(server);
  const db = server.context.db;
  const accounts: bigint[] = [];
  for (const robot of robots) {
    const row = await db.selectFrom('ledger_accounts').select('id').where('owner_key', '=', `u:${robot}`).where('wallet', '=', 'spot').where('currency', '=', 'USDT').where('bucket', '=', 'available').executeTakeFirstOrThrow();
    accounts.push(row.id);
  }
  const fees = await db.selectFrom('ledger_accounts').select('id').where('owner_key', '=', 's:fees').where('currency', '=', 'USDT').executeTakeFirst();
  const feeAccount = fees?.id ?? accounts[0]!;
  const dayStart = start + day * DAY_MS;
  const timeOf = (index: number, count: number) => dayStart + Math.floor((index * DAY_MS) / Math.max(1, count));
  const pairs = Math.floor(volume.rows.ledger_transactions / 2);
  const firstId = Number((await db.selectFrom('ledger_transactions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  writeRows(server, pairs, (from, to) => {
    const transactions: unknown[] = [];
    const postings: unknown[] = [];
    for (let pair = from; pair < to; pair += 1) {
      const [out, back] = [firstId + 2 * pair, firstId + 2 * pair + 1];
      const time = timeOf(pair, pairs);
      const amount = 1_000 + (pair % 997);
      transactions.push(out, 'trade:quote', `u:${robots[0]}`, String(pair), time, back, 'trade:base', `u:${robots[1]}`, String(pair), time);
      if (pair % 3 === 0) {
        postings.push(out, accounts[0], 'USDT', -amount, out, accounts[1], 'USDT', amount - 1, out, feeAccount, 'USDT', 1);
        postings.push(back, accounts[1], 'USDT', -(amount - 1), back, feeAccount, 'USDT', -1, back, accounts[0], 'USDT', amount);
      } else {
        postings.push(out, accounts[0], 'USDT', -amount, out, accounts[1], 'USDT', amount, back, accounts[1], 'USDT', -amount, back, accounts[0], 'USDT', amount);
      }
    }
    const transactionRows = transactions.length / 5;
    sqlite
      .prepare(`insert into ledger_transactions (id, kind, owner_key, memo, created_at) values ${Array(transactionRows).fill('(?, ?, ?, ?, ?)').join(', ')}`)
      .run(...transactions);
    sqlite
      .prepare(`insert into ledger_postings (transaction_id, account_id, currency, amount_units) values ${Array(postings.length / 4).fill('(?, ?, ?, ?)').join(', ')}`)
      .run(...postings);
  });
  const markets = volume.markets;
  writeRows(server, volume.rows.trades, (from, to) => {
    const values: unknown[] = [];
    for (let index = from; index < to; index += 1) {
      values.push(markets[index % markets.length], 10_000 + (index % 50), 1 + (index % 9), 0, 0, robots[0], robots[1], index % 2 ? 'buy' : 'sell', timeOf(index, volume.rows.trades));
    }
    sqlite
      .prepare(`insert into trades (symbol_id, price_ticks, quantity_lots, taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_side, created_at) values ${Array(values.length / 9).fill('(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`)
      .run(...values);
  });
  writeRows(server, volume.rows.orders, (from, to) => {
    const values: unknown[] = [];
    for (let index = from; index < to; index += 1) {
      const time = timeOf(index, volume.rows.orders);
      values.push(robots[index % 2], markets[index % markets.length], index % 2 ? 'buy' : 'sell', 'limit', 10_000, 5, index % 4 ? 'cancelled' : 'filled', time, time);
    }
    sqlite
      .prepare(`insert into orders (user_id, symbol_id, side, type, price_ticks, quantity_lots, status, created_at, updated_at) values ${Array(values.length / 9).fill('(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`)
      .run(...values);
  });
  writeRows(server, volume.rows.ledger_holds, (from, to) => {
    const values: unknown[] = [];
    for (let index = from; index < to; index += 1) {
      const time = timeOf(index, volume.rows.ledger_holds);
      values.push(`u:${robots[index % 2]}`, 'spot', 'USDT', 0, 'order', `sim-${day}-${index}`, time, time);
    }
    sqlite
      .prepare(`insert into ledger_holds (owner_key, wallet, currency, amount_units, reference_type, reference_id, created_at, released_at) values ${Array(values.length / 8).fill('(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`)
      .run(...values);
  });
  writeRows(server, volume.rows.outbox, (from, to) => {
    const values: unknown[] = [];
    for (let index = from; index < to; index += 1) {
      const time = timeOf(index, volume.rows.outbox);
      values.push('engine.command', `{"symbolId":${markets[index % markets.length]},"orders":[{"id":${index},"userId":${robots[0]},"status":"open"}],"tradeIds":[]}`, time, time);
    }
    sqlite.prepare(`insert into outbox (topic, payload_json, created_at, dispatched_at) values ${Array(values.length / 4).fill('(?, ?, ?, ?)').join(', ')}`).run(...values);
  });
  // Candles: every market's candles of every interval that opens within the day (kept for good).
  const candles = sqlite.prepare(
    'insert or ignore into candles (symbol_id, interval, open_time, open_ticks, high_ticks, low_ticks, close_ticks, volume_lots, trade_count) values (?, ?, ?, 10000, 10010, 9990, 10005, 50, 7)',
  );
  sqlite.transaction(() => {
    for (const market of markets) {
      for (const interval of KLINE_INTERVALS) {
        const length = KLINE_INTERVAL_MS[interval];
        for (let open = Math.ceil(dayStart / length) * length; open < dayStart + DAY_MS; open += length) candles.run(market, interval, open);
      }
    }
  })();
}

/** The sweep run until it finds nothing more, as its ten-minute runs over a day would. */
async function sweepDay(server: TestServer): Promise<void> {
  for (;;) {
    const result = await sweep(server.context);
    if (result.robotTransactions + result.robotTrades + result.robotOrders + result.robotHolds + result.outbox === 0) return;
  }
}

/** Wall time and this process's CPU time: on a machine shared with other work the CPU time is the steadier figure. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const [started, cpu] = [performance.now(), process.cpuUsage()];
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1_000 };
}

async function simulateMonth(volume: DayVolume): Promise<BenchmarkRow[]> {
  const server = await buildTestServer({ demoMode: false, robotsEnabled: true });
  const rows: BenchmarkRow[] = [];
  try {
    const robots = (await ensureRobotAccounts(server.context)).userIds;
    await server.app.scheduler.runDue();
    const start = Math.ceil(server.context.now() / DAY_MS) * DAY_MS;
    for (let day = 0; day < DAYS; day += 1) {
      await writeDay(server, volume, robots, day, start);
      server.advance(start + (day + 1) * DAY_MS + 1_000 - server.context.now());
      const audit = await timed(() => auditLedger(server.context.db));
      if (!audit.value.ok) throw new Error(`audit failed on day ${day + 1}: ${audit.value.problems.join('; ')}`);
      await server.app.scheduler.runDue();
      const checkpoints = await server.context.db.selectFrom('ledger_checkpoints').select('id').execute();
      if (checkpoints.length < day + 1) throw new Error(`no checkpoint was written on day ${day + 1}`);
      await sweepDay(server);
      if (!REPORTED_DAYS.includes(day + 1) || rows.some((row) => row.metric === `audit, day ${day + 1}`)) continue;
      const full = await timed(() => auditLedger(server.context.db, 'full'));
      if (!full.value.ok) throw new Error(`full audit failed on day ${day + 1}: ${full.value.problems.join('; ')}`);
      const note = `day ${day + 1}`;
      const dayRows: BenchmarkRow[] = [
        { metric: `database size, day ${day + 1}`, value: usedBytes(server) / 1e6, unit: 'MB', note: 'used pages after the sweep' },
        { metric: `audit, day ${day + 1}`, value: audit.ms, unit: 'ms', note: `CPU ${audit.cpuMs.toFixed(0)} ms; a day since the checkpoint: ${audit.value.checked.transactions.toLocaleString('en-US')} transactions` },
        { metric: `full audit, day ${day + 1}`, value: full.ms, unit: 'ms', note: `CPU ${full.cpuMs.toFixed(0)} ms; ${full.value.checked.transactions.toLocaleString('en-US')} transactions stored` },
        { metric: `robot trades kept, day ${day + 1}`, value: (await tableCounts(server)).trades, unit: 'rows', note },
      ];
      // Printed as they come too: a month on a busy machine is long, and a stopped run keeps its days.
      console.log(renderTable(dayRows.map((row) => ({ benchmark: 'retention', ...row }))));
      rows.push(...dayRows);
    }
  } finally {
    await server.close();
  }
  return rows;
}

function describeVolume(volume: DayVolume): BenchmarkRow[] {
  const rate = `${TRADES_PER_MINUTE} trades/min/market, ${volume.markets.length} markets`;
  return [
    { metric: 'robots: growth a day before retention', value: volume.bytes / 1e6, unit: 'MB/day', note: `${rate}, ${CALIBRATION_MINUTES} simulated min scaled` },
    ...TABLES.map((table) => ({ metric: `robots: ${table} a day`, value: volume.rows[table], unit: 'rows/day' })),
  ];
}

export const retentionBenchmark: BenchmarkModule = {
  name: 'retention',
  async run() {
    const volume = await calibrate();
    console.log(renderTable(describeVolume(volume).map((row) => ({ benchmark: 'retention', ...row }))));
    if (process.env.BENCH_RETENTION_CALIBRATE_ONLY) return describeVolume(volume);
    return [...describeVolume(volume), ...(await simulateMonth(volume))];
  },
};
