/**
 * What the chain tests share: the calls of the area through app.inject, a watcher of the test's own
 * over the server's database and clock (the server's own runs only while it listens), and the
 * clock moved block by block.
 */
import { ChainSimulator, BLOCK_INTERVAL_MS } from '../../server/chain/simulator';
import { DepositWatcher } from '../../server/modules/chain/watcher';
import type { CoinAddress, Deposit, SimulatedDeposit } from '../../src/shared/api/chain';
import type { TestUser } from './auth';
import { callApi } from './inject';
import type { TestServer } from './server';

export interface Answer<T> {
  errcode: number;
  errmsg?: string;
  data: T;
}

/** A new watcher over the server's database: a process that restarted would build exactly this. */
export function newWatcher(server: TestServer): DepositWatcher {
  return new DepositWatcher(server.context, new ChainSimulator(server.context.now), server.app.engine);
}

export function mineBlocks(server: TestServer, blocks: number): void {
  server.advance(blocks * BLOCK_INTERVAL_MS);
}

export async function coinAddress(server: TestServer, user: TestUser, coin: string, network?: string): Promise<Answer<CoinAddress>> {
  const query = new URLSearchParams({ coin, ...(network === undefined ? {} : { network }) });
  return (await callApi(server, 'POST', `/blockchain/get_coin_address?${query.toString()}`, { as: user, payload: {} })).json();
}

export async function depositHistory(server: TestServer, user: TestUser, body: Record<string, unknown> = {}): Promise<Answer<{ total: number; list: Deposit[] }>> {
  return (await callApi(server, 'POST', '/blockchain/deposit_history', { as: user, payload: body })).json();
}

export async function simulateDeposit(server: TestServer, body: { address: string; amount: string; network?: string }): Promise<Answer<SimulatedDeposit>> {
  return (await callApi(server, 'POST', '/operator/chain/deposit', { headers: { authorization: `Bearer ${server.context.adminToken}` }, payload: body })).json();
}
