/**
 * The market-maker robots' accounts (robots.ts): two users that quote every
 * exchange market, funded through the ledger from the genesis account as deposits would be,
 * generously enough that quoting never runs dry (the robots also rebalance and top up).
 *
 * They are created whenever robots are enabled, demo mode or not, because a market without its
 * makers is empty; with robots off at the first start nothing is created, and the robots create
 * them on the start that turns them on (ensureRobotAccounts is idempotent). The accounts are
 * disabled for sign-in (no password matches and `disabled` is set), so nobody can act as them;
 * the engine does not look at that flag. Their ids, the install's walk seed and the operator's
 * pause switch live in one settings row.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import { postTransaction, systemOwner, userOwner, type Posting } from '../../ledger/ledger';
import type { Executor } from '../../core/executor';
import { insertUserWithReferralCode } from '../account/service';
import { currencyPriceUsd } from '../../engine/price-walk';
import { parseUnits } from '../../../src/shared/money';

export const ROBOTS_SETTINGS_KEY = 'robots';
export const ROBOT_ACCOUNTS = 2;
/** What each robot holds of every currency at the start, in USD. */
export const ROBOT_FUNDING_USD = 2_000_000;
/** Not a password hash: verifyPassword matches nothing against it. */
const NO_PASSWORD = 'robot-account-without-password';

export interface RobotsRecord {
  userIds: number[];
  /** Seeds the price walks and the backfill of this install. */
  seed: number;
  /** The operator's switch: paused robots withdraw their quotes and stop trading. */
  paused: boolean;
}

export async function readRobotsRecord(executor: Executor): Promise<RobotsRecord | undefined> {
  const row = await executor.selectFrom('settings').select('value_json').where('key', '=', ROBOTS_SETTINGS_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value_json) as RobotsRecord) : undefined;
}

export async function writeRobotsRecord(executor: Executor, record: RobotsRecord): Promise<void> {
  const value = JSON.stringify(record);
  await executor
    .insertInto('settings')
    .values({ key: ROBOTS_SETTINGS_KEY, value_json: value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value_json: value }))
    .execute();
}

/** A round amount of `currency` worth about ROBOT_FUNDING_USD (two significant digits). */
export function robotFundingUnits(currency: string, scale: number): bigint {
  const amount = ROBOT_FUNDING_USD / currencyPriceUsd(currency);
  const magnitude = 10 ** (Math.floor(Math.log10(amount)) - 1);
  const rounded = Math.round(amount / magnitude) * magnitude;
  return parseUnits(rounded.toFixed(scale), scale);
}

/** Creates the robot accounts and their funds once; answers the stored record afterwards. */
export async function ensureRobotAccounts(context: AppContext): Promise<RobotsRecord> {
  const existing = await readRobotsRecord(context.db);
  if (existing) return existing;
  const currencies = await context.db.selectFrom('currencies').select(['code', 'scale']).orderBy('sort_order').execute();
  return context.db.transaction().execute(async (trx) => {
    const time = context.now();
    const userIds: number[] = [];
    for (let index = 1; index <= ROBOT_ACCOUNTS; index += 1) {
      const userId = await insertUserWithReferralCode(trx, {
        email: `market-maker-${index}@robots.invalid`,
        phoneCountry: null,
        phone: null,
        passwordHash: NO_PASSWORD,
        realName: `Market maker ${index}`,
        referredBy: null,
        now: time,
      });
      await trx.updateTable('users').set({ disabled: 1 }).where('id', '=', BigInt(userId)).execute();
      const postings: Posting[] = currencies.flatMap((currency) => {
        const units = robotFundingUnits(currency.code, Number(currency.scale));
        return [
          { account: { owner: systemOwner('genesis'), wallet: 'system', currency: currency.code }, amountUnits: -units },
          { account: { owner: userOwner(userId), wallet: 'spot', currency: currency.code }, amountUnits: units },
        ];
      });
      await postTransaction(trx, { kind: 'robot-funding', owner: userOwner(userId), postings, memo: 'market-maker funds', now: time });
      userIds.push(userId);
    }
    const record: RobotsRecord = { userIds, seed: crypto.randomInt(2 ** 31), paused: false };
    await writeRobotsRecord(trx, record);
    return record;
  });
}

/** The seed part: robot accounts on the first start, when robots are enabled. */
export async function seedRobots(context: AppContext): Promise<void> {
  if (context.config.robotsEnabled) await ensureRobotAccounts(context);
}
