/**
 * SQL of the wallets area: a user's movements, read from the ledger's postings on the accounts
 * that belong to the user (not from the transactions the user started: a trade started by the
 * buyer pays the seller too). The postings of one transaction to one wallet and currency are
 * summed across the available and held buckets, so placing or releasing a hold, which moves
 * nothing out of the wallet, is no movement. Reads only; balances change in server/ledger.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../core/executor';
import type { FundType } from '../../../src/shared/api/wallets';

/**
 * Which ledger kinds are which type of movement: exact kinds, or every kind that starts with a
 * prefix. A kind no rule names is 'other' (a robot's funding, an inventory, a kind a later issue
 * adds before it adds its rule here).
 */
const KIND_RULES: readonly { type: Exclude<FundType, 'other'>; kinds?: readonly string[]; prefix?: string }[] = [
  { type: 'trade', prefix: 'trade:' },
  // A futures position's open fee and its close (server/modules/futures).
  { type: 'trade', prefix: 'futures:' },
  // A binary option's settlement, won or lost (server/modules/boption); a tie's release moves nothing.
  { type: 'trade', prefix: 'boption:' },
  { type: 'deposit', kinds: ['deposit', 'demo-deposit'] },
  { type: 'withdrawal', prefix: 'withdraw' },
  { type: 'transfer', kinds: ['transfer'] },
  { type: 'convert', kinds: ['convert'] },
  { type: 'reward', kinds: ['checkin', 'luckydraw'] },
];

/** The type of the transaction `t` as one SQL expression (KIND_RULES, in order). */
function typeOfKind(): RawBuilder<FundType> {
  const branches = KIND_RULES.map((rule) =>
    rule.prefix !== undefined
      ? sql`when substr(t.kind, 1, ${rule.prefix.length}) = ${rule.prefix} then ${rule.type}`
      : sql`when t.kind in (${sql.join(rule.kinds ?? [])}) then ${rule.type}`,
  );
  return sql<FundType>`(case ${sql.join(branches, sql` `)} else 'other' end)`;
}

export interface MovementRow {
  transactionId: bigint;
  time: bigint;
  type: FundType;
  wallet: string;
  currency: string;
  amountUnits: bigint;
}

export interface MovementFilter {
  currency?: string;
  type?: FundType;
  wallet?: string;
}

/** One page of the user's movements, newest first; `limit + 1` rows are asked so the caller knows if more follow. */
export async function listMovements(executor: Executor, userId: number, filter: MovementFilter, offset: number, limit: number): Promise<MovementRow[]> {
  const type = typeOfKind();
  let query = executor
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .where('a.user_id', '=', BigInt(userId))
    .select([
      't.id as transactionId',
      't.created_at as time',
      type.as('type'),
      'a.wallet as wallet',
      'p.currency as currency',
      sql<bigint>`sum(p.amount_units)`.as('amountUnits'),
    ])
    .groupBy(['t.id', 'a.wallet', 'p.currency'])
    .having(sql`sum(p.amount_units)`, '<>', 0);
  if (filter.wallet !== undefined) query = query.where('a.wallet', '=', filter.wallet);
  if (filter.currency !== undefined) query = query.where('p.currency', '=', filter.currency);
  if (filter.type !== undefined) query = query.where(type, '=', filter.type);
  return query.orderBy('t.id', 'desc').orderBy('a.wallet').orderBy('p.currency').limit(limit).offset(offset).execute();
}

/** The scale of every currency, to format amounts. */
export async function currencyScales(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor.selectFrom('currencies').select(['code', 'scale']).execute();
  return new Map(rows.map((row) => [row.code, Number(row.scale)]));
}
