/**
 * The convert house's demo inventory. The house pays converts out of its own accounts, which may
 * not go below zero (SYSTEM_ACCOUNT_FLOORS): in demo mode it starts with about
 * HOUSE_INVENTORY_USD of every currency, moved from genesis as an operator's deposit would be. A
 * database from before the house had a floor may hold a negative house: the top-up brings each
 * currency to the target, so the audit's floor check holds from the first start on. A real
 * deployment funds the house itself; until it does, converts are refused (platformLimitReached).
 */
import type { AppContext } from '../context';
import { currencyPriceUsd } from '../engine/price-walk';
import { parseUnits } from '../../src/shared/money';
import { postTransaction, systemOwner, type Posting, type SystemAccount } from '../ledger/ledger';

export const HOUSE_INVENTORY_USD = 1_000_000;

/** Units of a currency worth `usd` at the walk's starting prices, rounded down (well inside 2^53 for every seeded currency). */
function unitsWorth(usd: number, currency: string, scale: number): bigint {
  return BigInt(Math.floor((usd / currencyPriceUsd(currency)) * 10 ** scale));
}

export async function seedHouseInventory(context: AppContext): Promise<void> {
  const currencies = await context.db.selectFrom('currencies').select(['code', 'scale']).execute();
  const targets = new Map(currencies.map(({ code, scale }) => [code, unitsWorth(HOUSE_INVENTORY_USD, code, Number(scale))]));
  await topUpSystemAccount(context, 'house', targets, 'demo house inventory');
}

/**
 * Brings a platform account's available balance in each currency up to its target, moved from
 * genesis as an operator's deposit would be; currencies already at or above their target are left.
 */
export async function topUpSystemAccount(context: AppContext, account: SystemAccount, targets: ReadonlyMap<string, bigint>, memo: string): Promise<void> {
  const { db, now } = context;
  const owner = systemOwner(account);
  const balances = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance_units'])
    .where('owner_key', '=', owner)
    .where('wallet', '=', 'system')
    .where('bucket', '=', 'available')
    .execute();
  const current = new Map(balances.map((row) => [row.currency, row.balance_units]));
  const postings: Posting[] = [];
  for (const [code, target] of targets) {
    const missing = target - (current.get(code) ?? 0n);
    if (missing <= 0n) continue;
    postings.push(
      { account: { owner: systemOwner('genesis'), wallet: 'system', currency: code }, amountUnits: -missing },
      { account: { owner, wallet: 'system', currency: code }, amountUnits: missing },
    );
  }
  if (postings.length === 0) return;
  await context.commits.run((trx) => postTransaction(trx, { kind: `${account}-inventory`, owner, postings, memo, now: now() }));
}

/** Brings a platform account's USDT up to `amount` (a decimal text), as topUpSystemAccount does. */
export async function topUpUsdt(context: AppContext, account: SystemAccount, amount: string, memo: string): Promise<void> {
  const usdt = await context.db.selectFrom('currencies').select('scale').where('code', '=', 'USDT').executeTakeFirstOrThrow();
  await topUpSystemAccount(context, account, new Map([['USDT', parseUnits(amount, Number(usdt.scale))]]), memo);
}
