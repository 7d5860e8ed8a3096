/**
 * Housekeeping that keeps tables from growing without bound, as one sweep (main.ts runs it at
 * boot and every few minutes, on the cluster's leader only):
 * - sessions past their idle or absolute lifetime (a session is otherwise only deleted when its
 *   cookie comes back), with their captchas; a live session's expired captcha answer is cleared;
 * - verification codes a day after they expired, sign-in counts past their window;
 * - outbox events a day after they were dispatched (nothing reads a dispatched event again, and
 *   the engine writes one per command, so they are the journal's size again), and those set aside
 *   after failing (server/outbox.ts) a month after, time enough for an operator to look;
 * - scheduler jobs done a month ago, option index records past a day (settlement reads the
 *   instant of an expiry, at most seconds old);
 * - retention (server/ledger/README.md, "Checkpoints and retention"): the robots' closed orders
 *   and released holds after two days (the audit scans the holds), their trades with each other
 *   and the ledger transactions between them after ROBOT_RETENTION_DAYS (the transactions folded into the
 *   checkpoint), and every trade and transaction after USER_RETENTION_DAYS when that is set;
 * - then the space of what went is given back (server/db/space.ts).
 * Each step deletes in bounded chunks, so a sweep never holds the writer long; what is left
 * over goes at the next sweep.
 */
import type { AppContext } from './context';
import type { Executor } from './core/executor';
import { reclaimSpace } from './db/space';
import { deleteOldTrades } from './engine/trade-retention';
import { userOwner } from './ledger/ledger';
import { foldJournal } from './ledger/retention';
import { INDEX_RETENTION_MS } from './modules/boption/settlement';
import { readRobotsRecord } from './modules/robots/accounts';
import { ROBOT_ORDER_RETENTION_MS, sweepRobotOrders } from './modules/robots/robots';
import { sweepThrottle } from './modules/account/throttle';
import { DONE_RETENTION_MS } from './scheduler/scheduler';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
const CODE_RETENTION_MS = 24 * 60 * 60_000;
const OUTBOX_RETENTION_MS = 24 * 60 * 60_000;
const OUTBOX_FAILED_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Database transactions of folding per sweep (each 2,000 transactions looked at). */
const FOLD_CHUNKS_PER_SWEEP = 100;
/** Delete statements per market (trades) or table (holds) per sweep, each 5,000 rows. */
const DELETE_CHUNKS_PER_SWEEP = 20;
const DELETE_CHUNK = 5_000;

export interface SweepResult {
  sessions: number;
  captchas: number;
  codes: number;
  outbox: number;
  signinThrottle: number;
  doneJobs: number;
  optionIndex: number;
  robotOrders: number;
  robotHolds: number;
  robotTrades: number;
  robotTransactions: number;
  userTrades: number;
  userTransactions: number;
}

export async function sweep(context: AppContext): Promise<SweepResult> {
  const time = context.now();
  const { db, config } = context;
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('absolute_expires_at', '<', BigInt(time)), eb('last_seen_at', '<', BigInt(time - config.sessionIdleMs))]))
    .executeTakeFirst();
  const captchas = await db
    .updateTable('sessions')
    .set({ captcha_hash: null, captcha_expires_at: null })
    .where('captcha_expires_at', '<', BigInt(time))
    .executeTakeFirst();
  const codes = await db.deleteFrom('verification_codes').where('expires_at', '<', BigInt(time - CODE_RETENTION_MS)).executeTakeFirst();
  const outbox = await db
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('dispatched_at', 'is not', null), eb('dispatched_at', '<', BigInt(time - OUTBOX_RETENTION_MS))]),
        eb.and([eb('failed_at', 'is not', null), eb('failed_at', '<', BigInt(time - OUTBOX_FAILED_RETENTION_MS))]),
      ]),
    )
    .executeTakeFirst();
  const doneJobs = await db
    .deleteFrom('scheduled_jobs')
    .where('status', '=', 'done')
    .where('completed_at', '<', BigInt(time - DONE_RETENTION_MS))
    .executeTakeFirst();
  const optionIndex = await db.deleteFrom('boption_index').where('at', '<', BigInt(time - INDEX_RETENTION_MS)).executeTakeFirst();
  const result: SweepResult = {
    sessions: Number(sessions.numDeletedRows),
    captchas: Number(captchas.numUpdatedRows),
    codes: Number(codes.numDeletedRows),
    outbox: Number(outbox.numDeletedRows),
    signinThrottle: await sweepThrottle(db, time),
    doneJobs: Number(doneJobs.numDeletedRows),
    optionIndex: Number(optionIndex.numDeletedRows),
    robotOrders: await sweepRobotOrders(context),
    ...(await sweepRetention(context, time)),
  };
  await reclaimSpace(db, {
    sessions: result.sessions,
    outbox: result.outbox,
    boption_index: result.optionIndex,
    orders: result.robotOrders,
    ledger_holds: result.robotHolds,
    trades: result.robotTrades + result.userTrades,
    ledger_transactions: result.robotTransactions + result.userTransactions,
    // Two to three postings a transaction.
    ledger_postings: 2 * (result.robotTransactions + result.userTransactions),
  });
  return result;
}

type RetentionResult = Pick<SweepResult, 'robotHolds' | 'robotTrades' | 'robotTransactions' | 'userTrades' | 'userTransactions'>;

/** The robots' old rows, and everyone's past the users' age when one is configured. */
async function sweepRetention(context: AppContext, time: number): Promise<RetentionResult> {
  const { db, commits, config } = context;
  const robotUserIds = (await readRobotsRecord(db))?.userIds ?? [];
  const robotsBefore = time - config.robotRetentionMs;
  const result: RetentionResult = {
    robotHolds: await deleteReleasedHolds(db, robotUserIds, time - ROBOT_ORDER_RETENTION_MS),
    robotTrades: await deleteOldTrades(db, { before: robotsBefore, betweenUsers: robotUserIds, chunksMax: DELETE_CHUNKS_PER_SWEEP }),
    robotTransactions: await foldJournal(db, commits, { pass: 'robots', before: robotsBefore, robotUserIds, chunksMax: FOLD_CHUNKS_PER_SWEEP }),
    userTrades: 0,
    userTransactions: 0,
  };
  if (config.userRetentionMs !== null) {
    const everyoneBefore = time - config.userRetentionMs;
    result.userTrades = await deleteOldTrades(db, { before: everyoneBefore, chunksMax: DELETE_CHUNKS_PER_SWEEP });
    result.userTransactions = await foldJournal(db, commits, { pass: 'everyone', before: everyoneBefore, robotUserIds, chunksMax: FOLD_CHUNKS_PER_SWEEP });
  }
  return result;
}

/** The robots' holds released before `before`: a hold is read only while it is open (and the audit sums the open ones from a scan of them all). */
async function deleteReleasedHolds(executor: Executor, robotUserIds: readonly number[], before: number): Promise<number> {
  if (robotUserIds.length === 0) return 0;
  const owners = robotUserIds.map((id) => userOwner(id));
  let deleted = 0;
  for (let chunk = 0; chunk < DELETE_CHUNKS_PER_SWEEP; chunk += 1) {
    const result = await executor
      .deleteFrom('ledger_holds')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('ledger_holds')
          .select('id')
          .where('owner_key', 'in', owners)
          .where('released_at', 'is not', null)
          .where('released_at', '<', BigInt(before))
          .limit(DELETE_CHUNK),
      )
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (result.numDeletedRows < BigInt(DELETE_CHUNK)) break;
  }
  return deleted;
}

export function startMaintenance(context: AppContext): () => void {
  let running = false;
  const run = () => {
    // A sweep that outlasts the interval (a first one over a big backlog) is not run twice at once.
    if (running) return;
    running = true;
    sweep(context)
      .catch((error: unknown) => context.log?.error({ err: error }, 'maintenance sweep failed'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
