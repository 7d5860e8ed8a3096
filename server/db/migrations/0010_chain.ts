/**
 * Coins on blockchains, deposit addresses, deposits, and the local chain simulator (server/chain,
 * server/modules/chain). A network (BTC, ERC20, TRC20...) has its address format and the
 * confirmations a deposit needs; a chain coin is a currency on a network with its deposit minimum
 * and withdrawal figures. A user has one address per (currency, network) and an address belongs to
 * one user: the two unique keys make that hold however many requests race. A deposit is one row per
 * (network, txid, output index): that unique key is what makes a transaction seen twice, or seen
 * again after a restart, credit once. The simulator's tables hold its blocks' clock and its
 * transactions, so the simulated chain survives restarts like a real one.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('chain_networks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('address_regex', 'text', (column) => column.notNull())
    .addColumn('confirmations', types.integer, (column) => column.notNull())
    .addColumn('sort_order', types.integer, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('chain_coins')
    .addColumn('currency', 'text', (column) => column.notNull().references('currencies.code'))
    .addColumn('network', 'text', (column) => column.notNull().references('chain_networks.id'))
    .addColumn('deposit_enabled', types.integer, (column) => column.notNull())
    .addColumn('withdraw_enabled', types.integer, (column) => column.notNull())
    .addColumn('deposit_min_units', 'bigint', (column) => column.notNull())
    .addColumn('withdraw_fee_units', 'bigint', (column) => column.notNull())
    .addColumn('withdraw_min_units', 'bigint', (column) => column.notNull())
    .addColumn('withdraw_max_units', 'bigint', (column) => column.notNull())
    .addColumn('sort_order', types.integer, (column) => column.notNull())
    .addPrimaryKeyConstraint('chain_coins_pk', ['currency', 'network'])
    .execute();
  await db.schema
    .createTable('chain_addresses')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('network', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('chain_addresses_user_coin', ['user_id', 'currency', 'network'])
    .addUniqueConstraint('chain_addresses_address', ['network', 'address'])
    .execute();
  await db.schema
    .createTable('chain_deposits')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('network', 'text', (column) => column.notNull())
    .addColumn('txid', 'text', (column) => column.notNull())
    .addColumn('output_index', types.integer, (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('amount_units', 'bigint', (column) => column.notNull())
    .addColumn('block_height', types.integer, (column) => column.notNull())
    // The confirmations the network asked for when the deposit was seen: a later change of the
    // network's figure does not move a deposit already on its way.
    .addColumn('confirmations_required', types.integer, (column) => column.notNull())
    // 'confirming', 'credited' or 'below_minimum' (recorded, never credited).
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('seen_at', 'bigint', (column) => column.notNull())
    .addColumn('credited_at', 'bigint')
    .addUniqueConstraint('chain_deposits_output', ['network', 'txid', 'output_index'])
    .execute();
  await db.schema.createIndex('chain_deposits_user').on('chain_deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('chain_deposits_status').on('chain_deposits').columns(['status', 'network']).execute();
  // How far the watcher has read each network: the next block height to read.
  await db.schema
    .createTable('chain_watch_cursors')
    .addColumn('network', 'text', (column) => column.primaryKey())
    .addColumn('next_height', types.integer, (column) => column.notNull())
    .execute();
  // The simulator: one block every interval since its network's genesis, on the context's clock.
  await db.schema
    .createTable('chain_sim_networks')
    .addColumn('network', 'text', (column) => column.primaryKey())
    .addColumn('genesis_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('chain_sim_transactions')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('network', 'text', (column) => column.notNull())
    .addColumn('txid', 'text', (column) => column.notNull())
    .addColumn('output_index', types.integer, (column) => column.notNull())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_units', 'bigint', (column) => column.notNull())
    .addColumn('block_height', types.integer, (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('chain_sim_transactions_output', ['network', 'txid', 'output_index'])
    .execute();
  await db.schema.createIndex('chain_sim_transactions_height').on('chain_sim_transactions').columns(['network', 'block_height']).execute();
}
