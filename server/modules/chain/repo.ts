/**
 * SQL of the chain area: the networks and coins (reference data), the users' deposit addresses,
 * the deposits and the watcher's cursors. Reads of addresses and deposits are scoped to one user,
 * except the watcher's and the operator's lookups by address. Balances never change here: the
 * service credits through server/ledger/ledger.ts.
 */
import type { Executor } from '../../core/executor';

export interface ChainCoinRow {
  currency: string;
  displayName: string;
  scale: number;
  network: string;
  networkName: string;
  addressRegex: string;
  confirmations: number;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  depositMinUnits: bigint;
  withdrawFeeUnits: bigint;
  withdrawMinUnits: bigint;
  withdrawMaxUnits: bigint;
}

/** Every coin on every network, in the configured order (currency by currency, usual network first). */
export async function listChainCoins(executor: Executor): Promise<ChainCoinRow[]> {
  const rows = await executor
    .selectFrom('chain_coins as coin')
    .innerJoin('chain_networks as network', 'network.id', 'coin.network')
    .innerJoin('currencies as currency', 'currency.code', 'coin.currency')
    .select([
      'coin.currency',
      'currency.display_name',
      'currency.scale',
      'coin.network',
      'network.name',
      'network.address_regex',
      'network.confirmations',
      'coin.deposit_enabled',
      'coin.withdraw_enabled',
      'coin.deposit_min_units',
      'coin.withdraw_fee_units',
      'coin.withdraw_min_units',
      'coin.withdraw_max_units',
    ])
    .orderBy('currency.sort_order')
    .orderBy('coin.sort_order')
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    displayName: row.display_name,
    scale: Number(row.scale),
    network: row.network,
    networkName: row.name,
    addressRegex: row.address_regex,
    confirmations: Number(row.confirmations),
    depositEnabled: row.deposit_enabled === 1n,
    withdrawEnabled: row.withdraw_enabled === 1n,
    depositMinUnits: row.deposit_min_units,
    withdrawFeeUnits: row.withdraw_fee_units,
    withdrawMinUnits: row.withdraw_min_units,
    withdrawMaxUnits: row.withdraw_max_units,
  }));
}

export async function findAddress(executor: Executor, userId: number, currency: string, network: string): Promise<string | undefined> {
  const row = await executor
    .selectFrom('chain_addresses')
    .select('address')
    .where('user_id', '=', BigInt(userId))
    .where('currency', '=', currency)
    .where('network', '=', network)
    .executeTakeFirst();
  return row?.address;
}

/** Stores a new address; false when either unique key refused it (the user has one, or the address is taken). */
export async function insertAddress(executor: Executor, address: { userId: number; currency: string; network: string; address: string; now: number }): Promise<boolean> {
  const result = await executor
    .insertInto('chain_addresses')
    .values({ user_id: address.userId, currency: address.currency, network: address.network, address: address.address, created_at: address.now })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

export interface AddressOwner {
  userId: number;
  currency: string;
  network: string;
  address: string;
}

/** Who was given an address: on one network, or on any (the operator's lookup without a network). */
export async function findAddressOwners(executor: Executor, address: string, network?: string): Promise<AddressOwner[]> {
  let query = executor.selectFrom('chain_addresses').select(['user_id', 'currency', 'network', 'address']).where('address', '=', address);
  if (network !== undefined) query = query.where('network', '=', network);
  const rows = await query.execute();
  return rows.map((row) => ({ userId: Number(row.user_id), currency: row.currency, network: row.network, address: row.address }));
}

export type DepositRowStatus = 'confirming' | 'credited' | 'below_minimum';

export interface DepositRow {
  id: number;
  userId: number;
  currency: string;
  network: string;
  txid: string;
  outputIndex: number;
  address: string;
  amountUnits: bigint;
  blockHeight: number;
  confirmationsRequired: number;
  status: DepositRowStatus;
  seenAt: number;
  creditedAt: number | null;
}

/** Records a deposit the watcher saw; false when (network, txid, output index) is known already. */
export async function insertDeposit(executor: Executor, deposit: Omit<DepositRow, 'id' | 'creditedAt'>): Promise<boolean> {
  const result = await executor
    .insertInto('chain_deposits')
    .values({
      user_id: deposit.userId,
      currency: deposit.currency,
      network: deposit.network,
      txid: deposit.txid,
      output_index: deposit.outputIndex,
      address: deposit.address,
      amount_units: deposit.amountUnits,
      block_height: deposit.blockHeight,
      confirmations_required: deposit.confirmationsRequired,
      status: deposit.status,
      seen_at: deposit.seenAt,
      credited_at: null,
    })
    .onConflict((conflict) => conflict.columns(['network', 'txid', 'output_index']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

const DEPOSIT_COLUMNS = [
  'id',
  'user_id',
  'currency',
  'network',
  'txid',
  'output_index',
  'address',
  'amount_units',
  'block_height',
  'confirmations_required',
  'status',
  'seen_at',
  'credited_at',
] as const;

function depositOf(row: {
  id: bigint;
  user_id: bigint;
  currency: string;
  network: string;
  txid: string;
  output_index: bigint;
  address: string;
  amount_units: bigint;
  block_height: bigint;
  confirmations_required: bigint;
  status: string;
  seen_at: bigint;
  credited_at: bigint | null;
}): DepositRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    currency: row.currency,
    network: row.network,
    txid: row.txid,
    outputIndex: Number(row.output_index),
    address: row.address,
    amountUnits: row.amount_units,
    blockHeight: Number(row.block_height),
    confirmationsRequired: Number(row.confirmations_required),
    status: row.status as DepositRowStatus,
    seenAt: Number(row.seen_at),
    creditedAt: row.credited_at === null ? null : Number(row.credited_at),
  };
}

/** Deposits of a network still waiting whose last required block is at or below the tip. */
export async function listConfirmedWaiting(executor: Executor, network: string, tipHeight: number): Promise<DepositRow[]> {
  const rows = await executor
    .selectFrom('chain_deposits')
    .select(DEPOSIT_COLUMNS)
    .where('status', '=', 'confirming')
    .where('network', '=', network)
    .where((eb) => eb(eb('block_height', '+', eb.ref('confirmations_required')), '<=', BigInt(tipHeight + 1)))
    .orderBy('id')
    .execute();
  return rows.map(depositOf);
}

/** The owners of a network's deposits still waiting that are in a block by now: their confirmations grow with each block. */
export async function listConfirmingOwners(executor: Executor, network: string, tipHeight: number): Promise<{ userId: number; currency: string }[]> {
  const rows = await executor
    .selectFrom('chain_deposits')
    .select(['user_id', 'currency'])
    .distinct()
    .where('status', '=', 'confirming')
    .where('network', '=', network)
    .where('block_height', '<=', BigInt(tipHeight))
    .execute();
  return rows.map((row) => ({ userId: Number(row.user_id), currency: row.currency }));
}

/** Marks a waiting deposit credited; false when it is not waiting (credited already by another round). */
export async function markCredited(executor: Executor, depositId: number, now: number): Promise<boolean> {
  const result = await executor
    .updateTable('chain_deposits')
    .set({ status: 'credited', credited_at: now })
    .where('id', '=', BigInt(depositId))
    .where('status', '=', 'confirming')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** One page of a user's own deposits, newest first, with how many there are. */
export async function listUserDeposits(
  executor: Executor,
  userId: number,
  page: { currency?: string; offset: number; limit: number },
): Promise<{ total: number; list: DepositRow[] }> {
  let query = executor.selectFrom('chain_deposits').where('user_id', '=', BigInt(userId));
  if (page.currency !== undefined) query = query.where('currency', '=', page.currency);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
    query.select(DEPOSIT_COLUMNS).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { total: Number(count.total), list: rows.map(depositOf) };
}

export async function readCursor(executor: Executor, network: string): Promise<number> {
  const row = await executor.selectFrom('chain_watch_cursors').select('next_height').where('network', '=', network).executeTakeFirst();
  return row ? Number(row.next_height) : 1;
}

export async function writeCursor(executor: Executor, network: string, nextHeight: number): Promise<void> {
  await executor
    .insertInto('chain_watch_cursors')
    .values({ network, next_height: nextHeight })
    .onConflict((conflict) => conflict.column('network').doUpdateSet({ next_height: nextHeight }))
    .execute();
}
