/** SQL of the security area: one user's row of user_security, read and changed by that user's id only. */
import type { Selectable } from 'kysely';
import type { Executor } from '../../core/executor';
import type { UserSecurityTable } from '../../db/schema';

export type SecurityRow = Selectable<UserSecurityTable>;

export async function findSecurity(executor: Executor, userId: number): Promise<SecurityRow | undefined> {
  return executor.selectFrom('user_security').selectAll().where('user_id', '=', BigInt(userId)).executeTakeFirst();
}

type SecurityChange = Partial<Pick<UserSecurityTable, 'ga_secret' | 'ga_pending_secret' | 'withdraw_password_hash'>> & { ga_last_step?: number; changed_at?: number };

/** Writes the given columns of the user's row, making the row on the first change. */
export async function upsertSecurity(executor: Executor, userId: number, change: SecurityChange): Promise<void> {
  await executor
    .insertInto('user_security')
    .values({ user_id: userId, ...change })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(change))
    .execute();
}

/**
 * Takes a GA time step for the user unless that step or a later one was taken already; false
 * when another request took it first. The condition in the statement makes parallel tries with
 * one code succeed once.
 */
export async function takeTwoFactorStep(executor: Executor, userId: number, step: number): Promise<boolean> {
  const result = await executor
    .updateTable('user_security')
    .set({ ga_last_step: step })
    .where('user_id', '=', BigInt(userId))
    .where('ga_last_step', '<', BigInt(step))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Stores `sealed` as the user's pending GA secret unless another is pending (other than
 * `replacing`, one that no longer opens) or GA got bound meanwhile, and answers what is stored
 * now: of reads made at once, the first one's secret is kept and every read hands out that one.
 */
export async function keepPendingSecret(executor: Executor, userId: number, sealed: string, replacing: string | null): Promise<{ bound: boolean; pending: string | null }> {
  await executor
    .insertInto('user_security')
    .values({ user_id: userId, ga_pending_secret: sealed })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ ga_pending_secret: sealed })
        .where((eb) =>
          eb.and([
            eb('user_security.ga_secret', 'is', null),
            replacing === null ? eb('user_security.ga_pending_secret', 'is', null) : eb('user_security.ga_pending_secret', '=', replacing),
          ]),
        ),
    )
    .execute();
  const row = await executor.selectFrom('user_security').select(['ga_secret', 'ga_pending_secret']).where('user_id', '=', BigInt(userId)).executeTakeFirst();
  return { bound: Boolean(row?.ga_secret), pending: row?.ga_pending_secret ?? null };
}

/** Makes the pending secret `sealed` the bound one with `step` used; false when it is no longer pending or GA is bound. */
export async function bindPendingSecret(executor: Executor, userId: number, sealed: string, step: number): Promise<boolean> {
  const result = await executor
    .updateTable('user_security')
    .set({ ga_secret: sealed, ga_pending_secret: null, ga_last_step: step })
    .where('user_id', '=', BigInt(userId))
    .where('ga_secret', 'is', null)
    .where('ga_pending_secret', '=', sealed)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
