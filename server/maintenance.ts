/**
 * Housekeeping that keeps tables from growing without bound: sessions past their idle or
 * absolute lifetime (a session is otherwise only deleted when its cookie comes back),
 * verification codes a day after they expired, outbox events a week after they were dispatched,
 * sign-in counts past their window, and old closed robot orders. main.ts runs it at boot and every few minutes.
 */
import type { AppContext } from './context';
import { sweepRobotOrders } from './modules/robots/robots';
import { sweepThrottle } from './modules/account/throttle';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
const CODE_RETENTION_MS = 24 * 60 * 60_000;
const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;

export interface SweepResult {
  sessions: number;
  codes: number;
  outbox: number;
  signinThrottle: number;
}

export async function sweepExpired(context: AppContext): Promise<SweepResult> {
  const time = context.now();
  const sessions = await context.db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('absolute_expires_at', '<', BigInt(time)), eb('last_seen_at', '<', BigInt(time - context.config.sessionIdleMs))]))
    .executeTakeFirst();
  const codes = await context.db.deleteFrom('verification_codes').where('expires_at', '<', BigInt(time - CODE_RETENTION_MS)).executeTakeFirst();
  const outbox = await context.db
    .deleteFrom('outbox')
    .where('dispatched_at', 'is not', null)
    .where('dispatched_at', '<', BigInt(time - OUTBOX_RETENTION_MS))
    .executeTakeFirst();
  const signinThrottle = await sweepThrottle(context.db, time);
  return { sessions: Number(sessions.numDeletedRows), codes: Number(codes.numDeletedRows), outbox: Number(outbox.numDeletedRows), signinThrottle };
}

export function startMaintenance(context: AppContext): () => void {
  const run = () => {
    sweepExpired(context).catch((error: unknown) => context.log?.error({ err: error }, 'maintenance sweep failed'));
    sweepRobotOrders(context).catch((error: unknown) => context.log?.error({ err: error }, 'robot order retention failed'));
  };
  run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
