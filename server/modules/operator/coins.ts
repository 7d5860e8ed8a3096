/**
 * Coins on their networks as operators manage them (issue 21): deposits and withdrawals on or off,
 * the deposit minimum, the withdrawal fee and bounds per coin, and the confirmations a network's
 * deposits need. These are the chain tables of migration 0010, which the deposit and withdrawal
 * areas read on every call, so a change applies to the next one (a deposit already seen keeps the
 * confirmations it was seen with). The coins are read through the chain area's service; a change
 * writes only the fields it names, so two operators changing different fields of a coin at once
 * both keep theirs; their edits take turns on the coin's row, so together they never leave a
 * minimum above the maximum.
 */
import type { OperatorCoin, OperatorNetwork } from '../../../src/shared/api/operator-config';
import { formatUnits } from '../../../src/shared/money';
import { trimZeros } from '../../../src/shared/decimal';
import type { AppContext } from '../../context';
import { invalidFields } from '../../core/errors';
import { forUpdate } from '../../db/row-lock';
import { chainCoins, type ChainCoinRow } from '../chain/service';
import { recordChange, type Actor } from './audit-log';
import { optionalUnits } from './config-amounts';
import * as repo from './config-repo';
import { refuse } from './errors';

function coinView(row: ChainCoinRow): OperatorCoin {
  const text = (units: bigint) => trimZeros(formatUnits(units, row.scale));
  return {
    currency: row.currency,
    network: row.network,
    depositEnabled: row.depositEnabled,
    withdrawEnabled: row.withdrawEnabled,
    depositMin: text(row.depositMinUnits),
    withdrawFee: text(row.withdrawFeeUnits),
    withdrawMin: text(row.withdrawMinUnits),
    withdrawMax: text(row.withdrawMaxUnits),
  };
}

export async function listCoins(context: AppContext): Promise<{ coins: OperatorCoin[]; networks: OperatorNetwork[] }> {
  const [coins, networks] = await Promise.all([chainCoins(context), repo.selectNetworks(context.db)]);
  return { coins: coins.map(coinView), networks };
}

export interface CoinChange {
  depositEnabled?: boolean | undefined;
  withdrawEnabled?: boolean | undefined;
  depositMin?: string | undefined;
  withdrawFee?: string | undefined;
  withdrawMin?: string | undefined;
  withdrawMax?: string | undefined;
}

export async function updateCoin(context: AppContext, actor: Actor, key: { currency: string; network: string }, change: CoinChange): Promise<OperatorCoin> {
  return context.db.transaction().execute(async (trx) => {
    // The coin's row is locked first (PostgreSQL): the bounds read here decide whether the change
    // may be written, and two operators' edits (a minimum up, a maximum down) must not cross them.
    await forUpdate(trx, trx.selectFrom('chain_coins').select('currency').where('currency', '=', key.currency).where('network', '=', key.network)).execute();
    const current = (await chainCoins(context, trx)).find((coin) => coin.currency === key.currency && coin.network === key.network);
    if (!current) refuse('coinNotFound', key);
    const { depositMin, withdrawFee, withdrawMin, withdrawMax } = optionalUnits(
      { depositMin: change.depositMin, withdrawFee: change.withdrawFee, withdrawMin: change.withdrawMin, withdrawMax: change.withdrawMax },
      current.scale,
    );
    const units = Object.fromEntries(
      Object.entries({
        depositEnabled: change.depositEnabled,
        withdrawEnabled: change.withdrawEnabled,
        depositMinUnits: depositMin,
        withdrawFeeUnits: withdrawFee,
        withdrawMinUnits: withdrawMin,
        withdrawMaxUnits: withdrawMax,
      }).filter(([, value]) => value !== undefined),
    ) as repo.CoinChangeUnits;
    const next = { ...current, ...units };
    if (next.withdrawMinUnits > next.withdrawMaxUnits) invalidFields({ withdrawMin: 'above the maximum' });
    await repo.updateCoin(trx, key.currency, key.network, units);
    const after = coinView(next);
    await recordChange(trx, actor, { action: 'coin.update', target: `coin ${key.currency} ${key.network}`, before: coinView(current), after }, context.now());
    return after;
  });
}

export async function updateNetwork(context: AppContext, actor: Actor, id: string, confirmations: number): Promise<OperatorNetwork> {
  return context.db.transaction().execute(async (trx) => {
    const before = (await repo.selectNetworks(trx)).find((network) => network.id === id);
    if (!before) refuse('networkNotFound');
    await repo.updateNetworkConfirmations(trx, id, confirmations);
    const after = { ...before, confirmations };
    await recordChange(trx, actor, { action: 'network.update', target: `network ${id}`, before, after }, context.now());
    return after;
  });
}
