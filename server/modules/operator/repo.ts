/** SQL of the operator module: finding the users an operator addresses. */
import { sql } from 'kysely';
import type { Executor } from '../../core/executor';

export async function findUserIdById(executor: Executor, userId: number): Promise<number | undefined> {
  const row = await executor.selectFrom('users').select('id').where('id', '=', BigInt(userId)).executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** E-mail addresses compare without regard to case, as people type them. */
export async function findUserIdByEmail(executor: Executor, email: string): Promise<number | undefined> {
  const row = await executor
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** Every account that can still sign in. */
export async function selectActiveUserIds(executor: Executor): Promise<number[]> {
  const rows = await executor.selectFrom('users').select('id').where('disabled', '=', 0n).orderBy('id').execute();
  return rows.map((row) => Number(row.id));
}
