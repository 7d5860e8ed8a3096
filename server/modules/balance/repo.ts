/**
 * Reads of the balance module: the currencies with their scales and a user's cached balances.
 * Writes never happen here; balances change only through server/ledger/ledger.ts.
 */
import { userOwner, type UserWallet } from '../../ledger/ledger';
import type { Executor } from '../../core/executor';

export interface CurrencyInfo {
  code: string;
  displayName: string;
  /** Decimal places of the currency: its smallest unit is 10^-scale. */
  scale: number;
}

export async function listCurrencies(executor: Executor): Promise<CurrencyInfo[]> {
  const rows = await executor
    .selectFrom('currencies')
    .select(['code', 'display_name', 'scale'])
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ code: row.code, displayName: row.display_name, scale: Number(row.scale) }));
}

export async function findCurrency(executor: Executor, code: string): Promise<CurrencyInfo | undefined> {
  const row = await executor
    .selectFrom('currencies')
    .select(['code', 'display_name', 'scale'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row && { code: row.code, displayName: row.display_name, scale: Number(row.scale) };
}

export interface BucketUnits {
  availableUnits: bigint;
  heldUnits: bigint;
}

/** The cached available and held units of one wallet's currency; missing accounts hold zero. */
export async function readWalletBalance(executor: Executor, userId: number, wallet: UserWallet, currency: string): Promise<BucketUnits> {
  const rows = await executor
    .selectFrom('ledger_accounts')
    .select(['bucket', 'balance_units'])
    .where('owner_key', '=', userOwner(userId))
    .where('wallet', '=', wallet)
    .where('currency', '=', currency)
    .execute();
  const units: BucketUnits = { availableUnits: 0n, heldUnits: 0n };
  for (const row of rows) {
    if (row.bucket === 'held') units.heldUnits = row.balance_units;
    else units.availableUnits = row.balance_units;
  }
  return units;
}
