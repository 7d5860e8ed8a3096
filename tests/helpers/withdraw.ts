/**
 * What the withdrawal tests share: a user with a withdrawal password and USDT in the spot wallet,
 * withdrawal calls with an idempotency key, an address of the network's format, and a withdrawal
 * round of the test's own driven by the clock.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ChainSimulator } from '../../server/chain/simulator';
import { userBalances } from '../../server/ledger/ledger';
import { withdrawalRound } from '../../server/modules/withdraw/round';
import type { RepeatingRound } from '../../server/core/rounds';
import type { Withdrawal } from '../../src/shared/api/withdraw';
import { creditUser, type TestUser } from './auth';
import { callApi } from './inject';
import { call, createUserWithPassword, LOGIN_PASSWORD, type Answer } from './security';
import type { TestServer } from './server';

export const WITHDRAW_PASSWORD = 'Withdraw123';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A TRC20 address of the right shape that no one on the simulated chain was given. */
export function trc20Address(): string {
  return `T${Array.from(crypto.randomBytes(33), (byte) => BASE58[byte % BASE58.length]).join('')}`;
}

/** A user with a login password, a withdrawal password and `usdt` USDT in the spot wallet. */
export async function withdrawingUser(server: TestServer, usdt = '1000'): Promise<TestUser> {
  const user = await createUserWithPassword(server);
  const set = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: WITHDRAW_PASSWORD, loginPassword: LOGIN_PASSWORD });
  if (set.errcode !== 0) throw new Error(`withdrawal password not set: ${JSON.stringify(set)}`);
  if (usdt !== '0') await creditUser(server, user.userId, 'USDT', usdt);
  return user;
}

/** A withdrawal call (POST /blockchain/withdraw unless `path` says otherwise) with an idempotency key, fresh unless given. */
export function postWithdraw(server: TestServer, user: TestUser, body: Record<string, unknown>, options: { key?: string; path?: string } = {}): Promise<LightMyRequestResponse> {
  return callApi(server, 'POST', options.path ?? '/blockchain/withdraw', {
    as: user,
    payload: body,
    headers: { 'idempotency-key': options.key ?? crypto.randomUUID() },
  });
}

/** A USDT withdrawal on TRC20 (fee 1 USDT) with the right password. */
export async function withdrawUsdt(server: TestServer, user: TestUser, amount: string, extra: Record<string, unknown> = {}): Promise<Answer<Withdrawal>> {
  const body = { currency: 'USDT', network: 'TRC20', address: trc20Address(), amount, withdrawPassword: WITHDRAW_PASSWORD, ...extra };
  return (await postWithdraw(server, user, body)).json<Answer<Withdrawal>>();
}

/** A withdrawal round of the test's own: `runNow()` sends what is approved and completes what is confirmed. */
export function newRound(server: TestServer): RepeatingRound<void> {
  return withdrawalRound(server.context, new ChainSimulator(server.context.now), server.app.engine);
}

/** The user's USDT in the spot wallet, in units: available and held. */
export async function usdtUnits(server: TestServer, userId: number): Promise<{ available: bigint; held: bigint }> {
  const entry = (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'spot' && balance.currency === 'USDT');
  return { available: entry?.availableUnits ?? 0n, held: entry?.heldUnits ?? 0n };
}
