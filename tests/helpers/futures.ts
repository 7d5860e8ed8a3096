/**
 * Futures in server tests (server/modules/futures): funding the platform's futures accounts, a
 * user with USDT in the futures wallet, creating through the call with an Idempotency-Key, and
 * moving the mark: the test is the reference feed of the spot market (app.prices.setReference),
 * a sampling round runs the risk loop's listener, and idle() waits for its round to finish.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { riskLoopOf } from '../../server/modules/futures';
import { postTransaction, systemBalances, systemOwner, userBalances } from '../../server/ledger/ledger';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/shared/api/balance';
import type { FuturesPosition } from '../../src/shared/api/futures';
import { formatUnits, parseUnits } from '../../src/shared/money';
import { createTestUser, creditUser, fundPlatformAccount, type TestUser } from './auth';
import { callApi } from './inject';
import type { TestServer } from './server';

/** BTC_USDT: the futures symbol (price precision 1, volume 3) and its spot market (price precision 2). */
export const BTC_FUTURES = 201;
export const BTC_SPOT = 301;
/** DOGE_USDT: futures (price precision 5, volume 0) and spot (6). */
export const DOGE_FUTURES = 206;
export const DOGE_SPOT = 306;
const SPOT_PRICE_PRECISION: Record<number, number> = { [BTC_SPOT]: 2, [DOGE_SPOT]: 6 };

/** The futures house and the insurance fund, funded from genesis as an operator would. */
export async function fundFuturesAccounts(server: TestServer, house = '10000000', insurance = '1000000'): Promise<void> {
  await fundPlatformAccount(server, 'futures_house', { USDT: house });
  await fundPlatformAccount(server, 'insurance', { USDT: insurance });
}

/** Moves everything the futures house holds out to genesis (an operator taking its funds out, say): a profit it owes cannot be paid. */
export async function emptyFuturesHouse(server: TestServer): Promise<void> {
  const house = (await systemBalances(server.context.db, 'futures_house')).find((balance) => balance.currency === 'USDT')?.balanceUnits ?? 0n;
  await server.context.commits.run((trx) =>
    postTransaction(trx, {
      kind: 'test-withdraw',
      owner: systemOwner('futures_house'),
      now: server.context.now(),
      postings: [
        { account: { owner: systemOwner('futures_house'), wallet: 'system', currency: 'USDT' }, amountUnits: -house },
        { account: { owner: systemOwner('genesis'), wallet: 'system', currency: 'USDT' }, amountUnits: house },
      ],
    }),
  );
}

export async function futuresUser(server: TestServer, usdt: string): Promise<TestUser> {
  const user = await createTestUser(server);
  await creditUser(server, user.userId, 'USDT', usdt, 'futures');
  return user;
}

/** Sets the spot market's index (the futures mark, at the futures precision, rounded down). */
export function setIndex(server: TestServer, spotSymbolId: number, price: string): void {
  server.app.prices.setReference(spotSymbolId, parseUnits(price, SPOT_PRICE_PRECISION[spotSymbolId] ?? 2));
}

/** Moves the index and runs a sampling round with the risk loop it drives, to its end. */
export async function markAndSettle(server: TestServer, spotSymbolId: number, price: string): Promise<void> {
  setIndex(server, spotSymbolId, price);
  server.app.prices.sample();
  await riskLoopOf(server.context).idle();
}

export function createRaw(server: TestServer, user: TestUser, body: Record<string, unknown>, key: string | null = crypto.randomUUID()) {
  return callApi(server, 'POST', '/futures/create', { as: user, payload: body, headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key } });
}

/** Creates a position and expects it made. */
export async function createPosition(server: TestServer, user: TestUser, body: Record<string, unknown>): Promise<FuturesPosition> {
  const answer = (await createRaw(server, user, body)).json();
  expect(answer, JSON.stringify(answer)).toMatchObject({ errcode: 0 });
  return answer.data as FuturesPosition;
}

/** The user's futures USDT, available and held, as decimal texts. */
export async function futuresWallet(server: TestServer, userId: number): Promise<{ available: string; held: string }> {
  const wallet = (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'futures' && balance.currency === 'USDT');
  return { available: formatUnits(wallet?.availableUnits ?? 0n, 6), held: formatUnits(wallet?.heldUnits ?? 0n, 6) };
}

/** The user's futures USDT in units, available plus held: what settling a position moves by its PnL and fees. */
export async function futuresUsdtUnits(server: TestServer, userId: number): Promise<bigint> {
  const wallet = (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'futures' && balance.currency === 'USDT');
  return (wallet?.availableUnits ?? 0n) + (wallet?.heldUnits ?? 0n);
}
