/**
 * SQL of the operator's configuration (issue 21): roles, the audit log, spot markets and fee
 * tiers, coins and networks, and the platform accounts' limits. The rules are in roles.ts,
 * markets.ts, coins.ts and limits.ts beside it.
 */
import { sql } from 'kysely';
import type { Executor } from '../../core/executor';

export interface AuditRow {
  actorUserId: number | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: number;
}

export async function insertAudit(executor: Executor, row: AuditRow): Promise<void> {
  await executor
    .insertInto('operator_audit')
    .values({
      actor_user_id: row.actorUserId,
      action: row.action,
      target: row.target,
      before_json: row.before === undefined ? null : JSON.stringify(row.before),
      after_json: row.after === undefined ? null : JSON.stringify(row.after),
      created_at: row.at,
    })
    .execute();
}

/** Newest first; `actor` is the operator's e-mail, null for the admin token. */
export async function selectAudit(executor: Executor, page: { beforeId: number | null; limit: number }) {
  let query = executor
    .selectFrom('operator_audit')
    .leftJoin('users', 'users.id', 'operator_audit.actor_user_id')
    .select(['operator_audit.id', 'operator_audit.actor_user_id', 'users.email', 'operator_audit.action', 'operator_audit.target', 'operator_audit.before_json', 'operator_audit.after_json', 'operator_audit.created_at'])
    .orderBy('operator_audit.id', 'desc')
    .limit(page.limit);
  if (page.beforeId !== null) query = query.where('operator_audit.id', '<', BigInt(page.beforeId));
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    actor: row.actor_user_id === null ? null : (row.email ?? `#${row.actor_user_id}`),
    action: row.action,
    target: row.target,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
    at: Number(row.created_at),
  }));
}

export async function findUserRoleByEmail(executor: Executor, email: string) {
  const row = await executor
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row === undefined ? undefined : { id: Number(row.id), email: row.email ?? email, role: row.role === 'operator' ? ('operator' as const) : ('user' as const) };
}

export async function updateUserRole(executor: Executor, userId: number, role: 'user' | 'operator'): Promise<void> {
  await executor.updateTable('users').set({ role }).where('id', '=', BigInt(userId)).execute();
}

export interface SpotMarketRow {
  id: number;
  symbol: string;
  baseSymbol: string;
  quoteSymbol: string;
  quoteScale: number;
  pricePrecision: number;
  volumePrecision: number;
  testOnly: boolean;
  status: string;
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  minOrderValueUnits: bigint;
}

function spotMarkets(executor: Executor) {
  return executor
    .selectFrom('symbols')
    .innerJoin('currencies as quote', 'quote.code', 'symbols.quote_symbol')
    .select([
      'symbols.id',
      'symbols.symbol',
      'symbols.base_symbol',
      'symbols.quote_symbol',
      'quote.scale',
      'symbols.price_precision',
      'symbols.volume_precision',
      'symbols.test_only',
      'symbols.status',
      'symbols.maker_fee_ppm',
      'symbols.taker_fee_ppm',
      'symbols.min_order_value_units',
    ])
    .where('symbols.type', '=', 3n);
}

type SpotMarketSelect = Awaited<ReturnType<ReturnType<typeof spotMarkets>['execute']>>[number];

function toSpotMarket(row: SpotMarketSelect): SpotMarketRow {
  return {
    id: Number(row.id),
    symbol: row.symbol,
    baseSymbol: row.base_symbol,
    quoteSymbol: row.quote_symbol,
    quoteScale: Number(row.scale),
    pricePrecision: Number(row.price_precision),
    volumePrecision: Number(row.volume_precision),
    testOnly: row.test_only === 1n,
    status: row.status,
    makerFeePpm: row.maker_fee_ppm,
    takerFeePpm: row.taker_fee_ppm,
    minOrderValueUnits: row.min_order_value_units,
  };
}

export async function selectSpotMarkets(executor: Executor): Promise<SpotMarketRow[]> {
  return (await spotMarkets(executor).orderBy('symbols.sort_order').orderBy('symbols.id').execute()).map(toSpotMarket);
}

export async function findSpotMarket(executor: Executor, where: { id: number } | { symbol: string }): Promise<SpotMarketRow | undefined> {
  const query = 'id' in where ? spotMarkets(executor).where('symbols.id', '=', BigInt(where.id)) : spotMarkets(executor).where('symbols.symbol', '=', where.symbol);
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : toSpotMarket(row);
}

export async function findCurrencyScale(executor: Executor, code: string): Promise<number | undefined> {
  const row = await executor.selectFrom('currencies').select('scale').where('code', '=', code).executeTakeFirst();
  return row === undefined ? undefined : Number(row.scale);
}

export async function insertCurrency(executor: Executor, code: string, scale: number): Promise<void> {
  const last = await executor.selectFrom('currencies').select((eb) => eb.fn.max('sort_order').as('sort_order')).executeTakeFirst();
  await executor
    .insertInto('currencies')
    .values({ code, display_name: code, scale, sort_order: Number(last?.sort_order ?? 0n) + 1 })
    .execute();
}

/** A new spot market after the others (ids 3xx while they last, as the seed numbers them). */
export async function insertSpotMarket(
  executor: Executor,
  market: { base: string; quote: string; pricePrecision: number; volumePrecision: number; testOnly: boolean; makerFeePpm: bigint; takerFeePpm: bigint; minOrderValueUnits: bigint; icon: string },
): Promise<number> {
  const last = await executor
    .selectFrom('symbols')
    .select((eb) => [eb.fn.max('id').as('id'), eb.fn.max('sort_order').as('sort_order')])
    .executeTakeFirstOrThrow();
  const lastSpot = await executor.selectFrom('symbols').select((eb) => eb.fn.max('id').as('id')).where('type', '=', 3n).executeTakeFirstOrThrow();
  const next = Number(lastSpot.id ?? 300n) + 1;
  const taken = await executor.selectFrom('symbols').select('id').where('id', '=', BigInt(next)).executeTakeFirst();
  const id = taken ? Number(last.id ?? 0n) + 1 : next;
  await executor
    .insertInto('symbols')
    .values({
      id,
      type: 3,
      symbol: `${market.base}_${market.quote}`,
      name: `${market.base}/${market.quote}`,
      test_only: market.testOnly ? 1 : 0,
      prompted: 0,
      price_precision: market.pricePrecision,
      volume_precision: market.volumePrecision,
      base_symbol: market.base,
      quote_symbol: market.quote,
      svg_icon: market.icon,
      sort_order: Number(last.sort_order ?? 0n) + 1,
      status: 'active',
      maker_fee_ppm: market.makerFeePpm,
      taker_fee_ppm: market.takerFeePpm,
      min_order_value_units: market.minOrderValueUnits,
    })
    .execute();
  return id;
}

export async function updateSpotMarket(
  executor: Executor,
  id: number,
  change: { status?: string; makerFeePpm?: bigint; takerFeePpm?: bigint; minOrderValueUnits?: bigint; testOnly?: boolean },
): Promise<void> {
  await executor
    .updateTable('symbols')
    .set({
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.makerFeePpm === undefined ? {} : { maker_fee_ppm: change.makerFeePpm }),
      ...(change.takerFeePpm === undefined ? {} : { taker_fee_ppm: change.takerFeePpm }),
      ...(change.minOrderValueUnits === undefined ? {} : { min_order_value_units: change.minOrderValueUnits }),
      ...(change.testOnly === undefined ? {} : { test_only: change.testOnly ? 1 : 0 }),
    })
    .where('id', '=', BigInt(id))
    .execute();
}

export async function selectFeeTiers(executor: Executor) {
  const rows = await executor.selectFrom('fee_tiers').selectAll().orderBy('vip_level').execute();
  return rows.map((row) => ({ vipLevel: Number(row.vip_level), makerFeePpm: Number(row.maker_fee_ppm), takerFeePpm: Number(row.taker_fee_ppm) }));
}

export async function replaceFeeTiers(executor: Executor, tiers: readonly { vipLevel: number; makerFeePpm: number; takerFeePpm: number }[]): Promise<void> {
  await executor.deleteFrom('fee_tiers').execute();
  if (tiers.length === 0) return;
  await executor
    .insertInto('fee_tiers')
    .values(tiers.map((tier) => ({ vip_level: tier.vipLevel, maker_fee_ppm: tier.makerFeePpm, taker_fee_ppm: tier.takerFeePpm })))
    .execute();
}

/** The fields of a coin an operator changes (chain_coins of migration 0010). */
export interface CoinChangeUnits {
  depositEnabled?: boolean;
  withdrawEnabled?: boolean;
  depositMinUnits?: bigint;
  withdrawFeeUnits?: bigint;
  withdrawMinUnits?: bigint;
  withdrawMaxUnits?: bigint;
}

export async function updateCoin(
  executor: Executor,
  currency: string,
  network: string,
  change: CoinChangeUnits,
): Promise<void> {
  await executor
    .updateTable('chain_coins')
    .set({
      ...(change.depositEnabled === undefined ? {} : { deposit_enabled: change.depositEnabled ? 1 : 0 }),
      ...(change.withdrawEnabled === undefined ? {} : { withdraw_enabled: change.withdrawEnabled ? 1 : 0 }),
      ...(change.depositMinUnits === undefined ? {} : { deposit_min_units: change.depositMinUnits }),
      ...(change.withdrawFeeUnits === undefined ? {} : { withdraw_fee_units: change.withdrawFeeUnits }),
      ...(change.withdrawMinUnits === undefined ? {} : { withdraw_min_units: change.withdrawMinUnits }),
      ...(change.withdrawMaxUnits === undefined ? {} : { withdraw_max_units: change.withdrawMaxUnits }),
    })
    .where('currency', '=', currency)
    .where('network', '=', network)
    .execute();
}

export async function selectNetworks(executor: Executor) {
  const rows = await executor.selectFrom('chain_networks').select(['id', 'name', 'confirmations']).orderBy('sort_order').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, confirmations: Number(row.confirmations) }));
}

export async function updateNetworkConfirmations(executor: Executor, id: string, confirmations: number): Promise<boolean> {
  const result = await executor.updateTable('chain_networks').set({ confirmations }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The available accounts of the given platform accounts that have a floor. */
export async function selectFloors(executor: Executor, ownerKeys: readonly string[]) {
  const rows = await executor
    .selectFrom('ledger_accounts')
    .select(['owner_key', 'currency', 'balance_units', 'min_balance_units'])
    .where('owner_key', 'in', ownerKeys)
    .where('bucket', '=', 'available')
    .where('min_balance_units', 'is not', null)
    .orderBy('owner_key')
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({ ownerKey: row.owner_key, currency: row.currency, balanceUnits: row.balance_units, floorUnits: row.min_balance_units ?? 0n }));
}

export async function updateFloor(executor: Executor, accountRowId: bigint, floorUnits: bigint): Promise<void> {
  await executor.updateTable('ledger_accounts').set({ min_balance_units: floorUnits }).where('id', '=', accountRowId).execute();
}

export async function selectFuturesLimits(executor: Executor) {
  const rows = await executor
    .selectFrom('futures_symbols')
    .innerJoin('symbols', 'symbols.id', 'futures_symbols.symbol_id')
    .select(['futures_symbols.symbol_id', 'symbols.symbol', 'futures_symbols.user_notional_max_units', 'futures_symbols.net_exposure_max_units'])
    .orderBy('symbols.sort_order')
    .execute();
  return rows.map((row) => ({ symbolId: Number(row.symbol_id), symbol: row.symbol, userNotionalMaxUnits: row.user_notional_max_units, netExposureMaxUnits: row.net_exposure_max_units }));
}

export async function updateFuturesLimits(executor: Executor, symbolId: number, change: { userNotionalMaxUnits?: bigint; netExposureMaxUnits?: bigint }, now: number): Promise<boolean> {
  const result = await executor
    .updateTable('futures_symbols')
    .set({
      updated_at: now,
      ...(change.userNotionalMaxUnits === undefined ? {} : { user_notional_max_units: change.userNotionalMaxUnits }),
      ...(change.netExposureMaxUnits === undefined ? {} : { net_exposure_max_units: change.netExposureMaxUnits }),
    })
    .where('symbol_id', '=', BigInt(symbolId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function selectOptionLimits(executor: Executor) {
  const rows = await executor
    .selectFrom('boption_periods')
    .innerJoin('symbols', 'symbols.id', 'boption_periods.symbol_id')
    .select(['boption_periods.symbol_id', 'symbols.symbol', 'boption_periods.seconds', 'boption_periods.min_stake_units', 'boption_periods.max_stake_units', 'boption_periods.liability_max_units'])
    .orderBy('symbols.sort_order')
    .orderBy('boption_periods.seconds')
    .execute();
  return rows.map((row) => ({
    symbolId: Number(row.symbol_id),
    symbol: row.symbol,
    seconds: Number(row.seconds),
    minStakeUnits: row.min_stake_units,
    maxStakeUnits: row.max_stake_units,
    liabilityMaxUnits: row.liability_max_units,
  }));
}

export async function updateOptionLimits(
  executor: Executor,
  key: { symbolId: number; seconds: number },
  change: { minStakeUnits?: bigint; maxStakeUnits?: bigint; liabilityMaxUnits?: bigint },
): Promise<boolean> {
  if (Object.keys(change).length === 0) return true;
  const result = await executor
    .updateTable('boption_periods')
    .set({
      ...(change.minStakeUnits === undefined ? {} : { min_stake_units: change.minStakeUnits }),
      ...(change.maxStakeUnits === undefined ? {} : { max_stake_units: change.maxStakeUnits }),
      ...(change.liabilityMaxUnits === undefined ? {} : { liability_max_units: change.liabilityMaxUnits }),
    })
    .where('symbol_id', '=', BigInt(key.symbolId))
    .where('seconds', '=', BigInt(key.seconds))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
