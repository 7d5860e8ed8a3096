/**
 * The wallets area's rules: the fund details, every movement of the signed-in user's money, a
 * page at a time. Only the user's own accounts are read (repo.ts scopes every row to the user).
 */
import type { AppContext } from '../../context';
import type { WalletName } from '../../../src/shared/api/balance';
import type { FundDetailsQuery, FundMovement } from '../../../src/shared/api/wallets';
import { formatUnits } from '../../../src/shared/money';
import * as repo from './repo';

export async function fundDetails(context: AppContext, userId: number, query: FundDetailsQuery): Promise<{ list: FundMovement[]; page: number; hasMore: boolean }> {
  const { page, limit } = query;
  const [rows, scales] = await Promise.all([
    repo.listMovements(context.db, userId, { currency: query.currency, type: query.type, wallet: query.wallet }, (page - 1) * limit, limit + 1),
    repo.currencyScales(context.db),
  ]);
  const list = rows.slice(0, limit).map((row) => ({
    id: `${row.transactionId}:${row.wallet}:${row.currency}`,
    transactionId: Number(row.transactionId),
    time: Number(row.time),
    type: row.type,
    wallet: row.wallet as WalletName,
    currency: row.currency,
    amount: formatUnits(row.amountUnits, scales.get(row.currency) ?? 0),
  }));
  return { list, page, hasMore: rows.length > limit };
}
