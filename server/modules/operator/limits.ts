/**
 * The platform accounts' limits as operators manage them (issue 21), all data the areas read on
 * every call, so a change applies to the next one:
 * - the floors of the accounts that pay users out (convert's house, the rewards fund, the options
 *   house, the futures house, the insurance fund): ledger_accounts.min_balance_units, which the
 *   ledger's guarded debit reads in the statement that would pass it. Convert's limit is its
 *   house's floor. A floor is never set above what the account holds: the audit would fail;
 * - futures: one user's notional and the platform's net exposure per symbol (migration 0012);
 * - binary options: the stake bounds and the liability bound per symbol and period (0013).
 * - funding: money into a paying account from genesis (an operator's own deposit) or back out of
 *   it, never below its floor; a money call with an Idempotency-Key, logged with the memo.
 * Amounts are USDT (the futures and options margin currency) except floors and funding, in their
 * currency.
 */
import crypto from 'node:crypto';
import { FLOORED_ACCOUNTS, type PlatformLimits } from '../../../src/shared/api/operator-config';
import { formatUnits } from '../../../src/shared/money';
import { trimZeros } from '../../../src/shared/decimal';
import type { AppContext } from '../../context';
import { invalidFields } from '../../core/errors';
import type { Executor } from '../../core/executor';
import { parsePositiveUnits } from '../../core/amounts';
import { forUpdate } from '../../db/row-lock';
import { accountId, findIdempotentResponse, postTransaction, recordIdempotentResponse, systemOwner } from '../../ledger/ledger';
import { parseIdempotencyKey } from '../balance/service';
import { recordChange, type Actor } from './audit-log';
import { configUnits, optionalUnits } from './config-amounts';
import * as repo from './config-repo';
import { refuse } from './errors';

/** Futures margin and option stakes are USDT. */
const LIMITS_CURRENCY = 'USDT';
type FlooredAccount = (typeof FLOORED_ACCOUNTS)[number];

async function scaleOf(executor: Executor, currency: string): Promise<number> {
  const scale = await repo.findCurrencyScale(executor, currency);
  if (scale === undefined) invalidFields({ currency: 'unknown currency' });
  return scale;
}

export async function readLimits(executor: Executor): Promise<PlatformLimits> {
  const owners = FLOORED_ACCOUNTS.map((account) => systemOwner(account));
  const [floors, futures, options, usdtScale] = await Promise.all([
    repo.selectFloors(executor, owners),
    repo.selectFuturesLimits(executor),
    repo.selectOptionLimits(executor),
    scaleOf(executor, LIMITS_CURRENCY),
  ]);
  const scales = new Map<string, number>();
  for (const floor of floors) if (!scales.has(floor.currency)) scales.set(floor.currency, await scaleOf(executor, floor.currency));
  const usdt = (units: bigint) => trimZeros(formatUnits(units, usdtScale));
  return {
    floors: floors.map((floor) => {
      const scale = scales.get(floor.currency)!;
      return { account: floor.ownerKey.slice(2) as FlooredAccount, currency: floor.currency, balance: trimZeros(formatUnits(floor.balanceUnits, scale)), floor: trimZeros(formatUnits(floor.floorUnits, scale)) };
    }),
    futures: futures.map((row) => ({ symbolId: row.symbolId, symbol: row.symbol, userNotionalMax: usdt(row.userNotionalMaxUnits), netExposureMax: usdt(row.netExposureMaxUnits) })),
    options: options.map((row) => ({
      symbolId: row.symbolId,
      symbol: row.symbol,
      seconds: row.seconds,
      minStake: usdt(row.minStakeUnits),
      maxStake: usdt(row.maxStakeUnits),
      liabilityMax: usdt(row.liabilityMaxUnits),
    })),
  };
}

export async function setFloor(context: AppContext, actor: Actor, input: { account: FlooredAccount; currency: string; floor: string }): Promise<PlatformLimits> {
  return context.db.transaction().execute(async (trx) => {
    const floorUnits = configUnits(input.floor, await scaleOf(trx, input.currency), 'floor');
    const ref = { owner: systemOwner(input.account), wallet: 'system' as const, currency: input.currency };
    const rowId = await accountId(trx, ref);
    // Locked (PostgreSQL): a payout from the account waits, then its guarded debit reads the new floor.
    const before = await forUpdate(trx, trx.selectFrom('ledger_accounts').select(['balance_units', 'min_balance_units']).where('id', '=', rowId)).executeTakeFirstOrThrow();
    if (floorUnits > before.balance_units) invalidFields({ floor: 'above what the account holds' });
    await repo.updateFloor(trx, rowId, floorUnits);
    await recordChange(
      trx,
      actor,
      { action: 'limit.floor', target: `floor ${input.account} ${input.currency}`, before: { floorUnits: String(before.min_balance_units) }, after: { floorUnits: String(floorUnits) } },
      context.now(),
    );
    return readLimits(trx);
  });
}

export async function setFuturesLimits(context: AppContext, actor: Actor, symbolId: number, change: { userNotionalMax?: string | undefined; netExposureMax?: string | undefined }): Promise<PlatformLimits> {
  return context.db.transaction().execute(async (trx) => {
    const before = (await readLimits(trx)).futures.find((row) => row.symbolId === symbolId);
    if (!before) refuse('symbolNotFound');
    const units = optionalUnits(change, await scaleOf(trx, LIMITS_CURRENCY));
    await repo.updateFuturesLimits(trx, symbolId, { userNotionalMaxUnits: units.userNotionalMax, netExposureMaxUnits: units.netExposureMax }, context.now());
    const limits = await readLimits(trx);
    await recordChange(trx, actor, { action: 'limit.futures', target: `futures ${symbolId} ${before.symbol}`, before, after: limits.futures.find((row) => row.symbolId === symbolId) }, context.now());
    return limits;
  });
}

export async function setOptionLimits(
  context: AppContext,
  actor: Actor,
  key: { symbolId: number; seconds: number },
  change: { minStake?: string | undefined; maxStake?: string | undefined; liabilityMax?: string | undefined },
): Promise<PlatformLimits> {
  return context.db.transaction().execute(async (trx) => {
    // The period's row is locked first (PostgreSQL): the stakes read here decide the write, and two
    // operators' edits (the minimum up, the maximum down) must not cross them.
    await forUpdate(trx, trx.selectFrom('boption_periods').select('seconds').where('symbol_id', '=', BigInt(key.symbolId)).where('seconds', '=', BigInt(key.seconds))).execute();
    const find = (limits: PlatformLimits) => limits.options.find((row) => row.symbolId === key.symbolId && row.seconds === key.seconds);
    const before = find(await readLimits(trx));
    if (!before) refuse('boptionPeriodNotOffered', { seconds: key.seconds });
    const scale = await scaleOf(trx, LIMITS_CURRENCY);
    const units = optionalUnits(change, scale);
    const minStake = units.minStake ?? configUnits(before.minStake, scale, 'minStake');
    const maxStake = units.maxStake ?? configUnits(before.maxStake, scale, 'maxStake');
    if (minStake > maxStake) invalidFields({ minStake: 'above the maximum stake' });
    await repo.updateOptionLimits(trx, key, { minStakeUnits: units.minStake, maxStakeUnits: units.maxStake, liabilityMaxUnits: units.liabilityMax });
    const limits = await readLimits(trx);
    await recordChange(trx, actor, { action: 'limit.options', target: `options ${key.symbolId} ${before.symbol} ${key.seconds}s`, before, after: find(limits) }, context.now());
    return limits;
  });
}

export interface FundInput {
  account: FlooredAccount;
  currency: string;
  amount: string;
  direction: 'in' | 'out';
  memo: string;
}

/**
 * Moves money between genesis and a paying platform account in one piece of the group commit:
 * the idempotency check, the postings (an `out` is the ledger's guarded debit, refused as
 * platformLimitReached below the account's floor), the audit entry and the stored answer commit
 * together or not at all.
 */
export async function fundPlatformAccount(context: AppContext, actor: Actor, input: FundInput, idempotencyKeyHeader: string | string[] | undefined): Promise<PlatformLimits> {
  const idempotencyKey = parseIdempotencyKey(idempotencyKeyHeader);
  const scale = await scaleOf(context.db, input.currency);
  const amountUnits = parsePositiveUnits(input.amount, scale);
  const owner = systemOwner(input.account);
  const requestHash = crypto.createHash('sha256').update(JSON.stringify(['operator/limits/fund', input.account, input.currency, input.direction, amountUnits.toString(), input.memo])).digest('hex');
  const signed = input.direction === 'in' ? amountUnits : -amountUnits;
  return context.commits.run(async (trx) => {
    const previous = await findIdempotentResponse<PlatformLimits>(trx, owner, idempotencyKey, requestHash);
    if (previous !== undefined) return previous;
    const now = context.now();
    const transactionId = await postTransaction(trx, {
      kind: 'platform-funding',
      owner,
      idempotencyKey,
      requestHash,
      memo: input.memo,
      now,
      postings: [
        { account: { owner: systemOwner('genesis'), wallet: 'system', currency: input.currency }, amountUnits: -signed },
        { account: { owner, wallet: 'system', currency: input.currency }, amountUnits: signed },
      ],
    });
    const amount = trimZeros(formatUnits(amountUnits, scale));
    await recordChange(
      trx,
      actor,
      { action: input.direction === 'in' ? 'limit.fund' : 'limit.defund', target: `account ${input.account} ${input.currency}`, before: null, after: { amount, memo: input.memo, transactionId: Number(transactionId) } },
      now,
    );
    const limits = await readLimits(trx);
    await recordIdempotentResponse(trx, transactionId, limits);
    return limits;
  });
}
