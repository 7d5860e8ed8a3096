/**
 * The chain area's calls: the coins and networks (POST /blockchain/config), one deposit address per
 * user, coin and network (POST /blockchain/get_coin_address), the user's deposit history, and the
 * operator's simulated deposit. Crediting is the watcher's (watcher.ts).
 *
 * An address is made by the chain (server/chain) on the first ask and stored under the
 * (user, currency, network) unique key, so that however many first asks race, one address wins and
 * every later call answers it; the (network, address) key keeps an address one user's.
 */
import type { AppContext } from '../../context';
import type { Executor } from '../../core/executor';
import type { Chain } from '../../chain/chain';
import { confirmationsAt } from '../../chain/chain';
import type { ChainSimulator } from '../../chain/simulator';
import { formatUnits, MoneyError, parseUnits } from '../../../src/shared/money';
import { LIST_PAGE_MAX } from '../../../src/shared/constants';
import type { BlockchainConfig, CoinAddress, Deposit, SimulatedDeposit, SupportedCoin } from '../../../src/shared/api/chain';
import { findUserIdByEmail } from '../operator/service';
import { refuse } from './errors';
import * as repo from './repo';

/** Tries at a fresh address when a new one collides with a taken one (random addresses: practically never twice). */
const ADDRESS_TRIES_MAX = 3;

export type { ChainCoinRow } from './repo';

/** Every coin on every network with its figures in units: the withdraw area reads the reference data here. */
/** The coins on their networks; in `executor`'s transaction when given (an operator's locked edit). */
export function chainCoins(context: AppContext, executor: Executor = context.db): Promise<repo.ChainCoinRow[]> {
  return repo.listChainCoins(executor);
}

export async function blockchainConfig(context: AppContext): Promise<BlockchainConfig> {
  const coins = await repo.listChainCoins(context.db);
  const byCurrency = new Map<string, SupportedCoin>();
  for (const coin of coins) {
    const entry = byCurrency.get(coin.currency) ?? { currency: coin.currency, displayName: coin.displayName, networks: [] };
    entry.networks.push({
      network: coin.network,
      name: coin.networkName,
      confirmations: coin.confirmations,
      depositMin: formatUnits(coin.depositMinUnits, coin.scale),
      withdrawFee: formatUnits(coin.withdrawFeeUnits, coin.scale),
      withdrawMin: formatUnits(coin.withdrawMinUnits, coin.scale),
      withdrawMax: formatUnits(coin.withdrawMaxUnits, coin.scale),
      addressRegex: coin.addressRegex,
      depositEnabled: coin.depositEnabled,
      withdrawEnabled: coin.withdrawEnabled,
    });
    byCurrency.set(coin.currency, entry);
  }
  return { supportedCoins: [...byCurrency.values()] };
}

/** The coin on the network (its first network when none is named), or the refusal. */
async function depositCoin(context: AppContext, currency: string, network: string | undefined): Promise<repo.ChainCoinRow> {
  const coins = await repo.listChainCoins(context.db);
  const coin = coins.find((candidate) => candidate.currency === currency && (network === undefined || candidate.network === network));
  if (!coin) return refuse('coinNotSupported');
  if (!coin.depositEnabled) return refuse('depositsDisabled');
  return coin;
}

export async function coinAddress(context: AppContext, chain: Chain, userId: number, input: { coin: string; network?: string }): Promise<CoinAddress> {
  const coin = await depositCoin(context, input.coin, input.network);
  const answer = (address: string): CoinAddress => ({ coin: coin.currency, network: coin.network, address });
  for (let attempt = 0; attempt < ADDRESS_TRIES_MAX; attempt += 1) {
    const known = await repo.findAddress(context.db, userId, coin.currency, coin.network);
    if (known !== undefined) return answer(known);
    const address = await chain.newAddress(coin.network);
    if (await repo.insertAddress(context.db, { userId, currency: coin.currency, network: coin.network, address, now: context.now() })) return answer(address);
  }
  throw new Error(`no free ${coin.network} address after ${ADDRESS_TRIES_MAX} tries`);
}

const STATUS_OF: Record<repo.DepositRowStatus, Deposit['status']> = { confirming: 'confirming', credited: 'credited', below_minimum: 'belowMinimum' };

export async function depositHistory(
  context: AppContext,
  chain: Chain,
  userId: number,
  input: { coin?: string; offset: number; limit: number },
): Promise<{ total: number; list: Deposit[] }> {
  const [page, coins] = await Promise.all([
    repo.listUserDeposits(context.db, userId, { currency: input.coin, offset: input.offset, limit: Math.min(input.limit, LIST_PAGE_MAX) }),
    repo.listChainCoins(context.db),
  ]);
  const scales = new Map(coins.map((coin) => [coin.currency, coin.scale]));
  const tips = new Map<string, number>();
  for (const network of new Set(page.list.filter((row) => row.status === 'confirming').map((row) => row.network))) {
    tips.set(network, await chain.tipHeight(context.db, network));
  }
  const list = page.list.map((row): Deposit => {
    const tip = tips.get(row.network);
    const confirmations = tip === undefined ? row.confirmationsRequired : Math.min(confirmationsAt(tip, row.blockHeight), row.confirmationsRequired);
    return {
      id: row.id,
      currency: row.currency,
      network: row.network,
      txid: row.txid,
      outputIndex: row.outputIndex,
      address: row.address,
      amount: formatUnits(row.amountUnits, scales.get(row.currency) ?? 0),
      status: STATUS_OF[row.status],
      confirmations,
      confirmationsRequired: row.confirmationsRequired,
      seenAt: row.seenAt,
      creditedAt: row.creditedAt,
    };
  });
  return { total: page.total, list };
}

/**
 * The operator's simulated deposit (the admin CLI's `chain deposit`): a transfer to a user's
 * deposit address on the simulator, seen and credited by the watcher like any other. The network
 * comes from the address unless the operator names it.
 */
export async function simulateDeposit(
  context: AppContext,
  simulator: ChainSimulator,
  input: { address: string; amount: string; network?: string },
): Promise<SimulatedDeposit> {
  const owners = await repo.findAddressOwners(context.db, input.address, input.network);
  const [owner] = owners;
  if (owner === undefined || owners.length > 1) return refuse('depositAddressUnknown');
  const coin = (await repo.listChainCoins(context.db)).find((candidate) => candidate.currency === owner.currency && candidate.network === owner.network);
  if (!coin) return refuse('coinNotSupported');
  let amountUnits: bigint;
  try {
    amountUnits = parseUnits(input.amount, coin.scale);
  } catch (error) {
    if (error instanceof MoneyError) return refuse('invalidAmount');
    throw error;
  }
  if (amountUnits <= 0n) return refuse('invalidAmount');
  const sent = await simulator.simulateTransfer(context.db, { network: coin.network, toAddress: owner.address, currency: coin.currency, amountUnits });
  return {
    network: coin.network,
    currency: coin.currency,
    address: owner.address,
    amount: formatUnits(amountUnits, coin.scale),
    txid: sent.txid,
    outputIndex: sent.outputIndex,
    blockHeight: sent.blockHeight,
  };
}

/** The deposit a demonstration makes when no amount is given: ten times the coin's minimum on the network. */
const DEMO_DEPOSIT_MINIMUMS = 10n;

/** The operator's demo deposit (`chain demo`): to a user named by e-mail, on their address for the coin, made first if needed. */
export async function simulateDemoDeposit(
  context: AppContext,
  simulator: ChainSimulator,
  input: { email: string; coin: string; network?: string; amount?: string },
): Promise<SimulatedDeposit> {
  const userId = await findUserIdByEmail(context, input.email);
  if (userId === undefined) return refuse('accountNotFound');
  const { network, address } = await coinAddress(context, simulator, userId, { coin: input.coin, network: input.network });
  const coin = await depositCoin(context, input.coin, network);
  const amount = input.amount ?? formatUnits(coin.depositMinUnits * DEMO_DEPOSIT_MINIMUMS, coin.scale);
  return simulateDeposit(context, simulator, { address, amount, network });
}
