/** Proves GET /wallets/funddetails: each of the user's own movements once, typed by what moved the money, filtered by currency, type and wallet, paged; holds and other users' money never appear. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeHold, postTransaction, systemOwner, userOwner } from '../../../server/ledger/ledger';
import type { FundMovement } from '../../../src/shared/api/wallets';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

/** Posts a transaction of `kind` straight into the ledger: the platform pays `userId` (or takes, with a negative amount). */
async function post(kind: string, owner: number, userId: number, currency: string, amountUnits: bigint): Promise<void> {
  await server.context.db.transaction().execute(async (trx) => {
    await postTransaction(trx, {
      kind,
      owner: userOwner(owner),
      now: server.context.now(),
      postings: [
        { account: { owner: systemOwner('genesis'), wallet: 'system', currency }, amountUnits: -amountUnits },
        { account: { owner: userOwner(userId), wallet: 'spot', currency }, amountUnits },
      ],
    });
  });
}

async function details(user: TestUser | null, query = ''): Promise<{ list: FundMovement[]; page: number; hasMore: boolean }> {
  const response = await callApi(server, 'GET', `/wallets/funddetails${query}`, { as: user });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.errcode).toBe(0);
  return body.data;
}

beforeAll(async () => {
  server = await buildTestServer();
  alice = await createTestUser(server);
  bob = await createTestUser(server);
  await creditUser(server, alice.userId, 'USDT', '100');
  await creditUser(server, bob.userId, 'BTC', '2');
  await post('deposit', alice.userId, alice.userId, 'BTC', 50_000_000n);
  await post('checkin', alice.userId, alice.userId, 'USDT', 1_000_000n);
  // A fill the buyer (bob) started pays the seller (alice): her movement all the same.
  await post('trade:quote', bob.userId, alice.userId, 'USDT', 2_000_000n);
  // A hold moves nothing out of the wallet: no movement.
  await server.context.db.transaction().execute((trx) =>
    placeHold(trx, { owner: userOwner(alice.userId), wallet: 'spot', currency: 'USDT', amountUnits: 5_000_000n, referenceType: 'order', referenceId: 'test-1', now: server.context.now() }),
  );
  const transfer = await callApi(server, 'POST', '/balance/transfer', {
    as: alice,
    payload: { from: 'spot', to: 'futures', currency: 'USDT', amount: '10' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(transfer.json().errcode).toBe(0);
});
afterAll(async () => {
  await server.close();
});

describe('GET /wallets/funddetails', () => {
  it('lists every movement of the user once, newest first, typed, with signed amounts in the currency scale', async () => {
    const { list, hasMore } = await details(alice);
    expect(hasMore).toBe(false);
    expect(list.map(({ type, wallet, currency, amount }) => ({ type, wallet, currency, amount }))).toEqual([
      { type: 'transfer', wallet: 'futures', currency: 'USDT', amount: '10.000000' },
      { type: 'transfer', wallet: 'spot', currency: 'USDT', amount: '-10.000000' },
      { type: 'trade', wallet: 'spot', currency: 'USDT', amount: '2.000000' },
      { type: 'reward', wallet: 'spot', currency: 'USDT', amount: '1.000000' },
      { type: 'deposit', wallet: 'spot', currency: 'BTC', amount: '0.50000000' },
      { type: 'other', wallet: 'spot', currency: 'USDT', amount: '100.000000' },
    ]);
    expect(new Set(list.map((movement) => movement.id)).size).toBe(list.length);
    expect(list.every((movement) => movement.time > 0)).toBe(true);
  });

  it("never shows another user's movements, even of a transaction that user started", async () => {
    const { list } = await details(bob);
    expect(list.map(({ type, currency, amount }) => ({ type, currency, amount }))).toEqual([{ type: 'other', currency: 'BTC', amount: '2.00000000' }]);
  });

  it('filters by currency, type and wallet, together', async () => {
    expect((await details(alice, '?currency=btc')).list.map((movement) => movement.type)).toEqual(['deposit']);
    expect((await details(alice, '?type=transfer')).list.map((movement) => movement.wallet)).toEqual(['futures', 'spot']);
    expect((await details(alice, '?wallet=futures')).list.map((movement) => movement.amount)).toEqual(['10.000000']);
    expect((await details(alice, '?type=transfer&wallet=spot&currency=USDT')).list.map((movement) => movement.amount)).toEqual(['-10.000000']);
    expect((await details(alice, '?type=withdrawal')).list).toEqual([]);
  });

  it('pages: limit rows a page and whether more follow', async () => {
    const first = await details(alice, '?limit=4');
    const second = await details(alice, '?limit=4&page=2');
    expect([first.hasMore, second.hasMore, second.page]).toEqual([true, false, 2]);
    expect(first.list).toHaveLength(4);
    expect([...first.list, ...second.list]).toEqual((await details(alice)).list);
  });

  it('refuses visitors, unknown types and pages out of bounds', async () => {
    expect((await callApi(server, 'GET', '/wallets/funddetails')).statusCode).toBe(401);
    for (const query of ['?type=gift', '?wallet=system', '?limit=51', '?page=0', '?currency=%3Cb%3E']) {
      expect((await callApi(server, 'GET', `/wallets/funddetails${query}`, { as: alice })).statusCode).toBe(400);
    }
  });
});
