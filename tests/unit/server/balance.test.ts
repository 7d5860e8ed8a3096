/** Proves the balance calls over HTTP: their answers, every refusal, idempotent transfers and transfer races that leave the ledger sound. */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { placeHold, userOwner } from '../../../server/ledger/ledger';
import { hashToken } from '../../../server/core/tokens';
import { SESSION_COOKIE } from '../../../server/http/session';
import { ERRCODES } from '../../../src/shared/errcodes';
import type { Balance, TransferResult, WalletBalances } from '../../../src/shared/api/balance';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

function newKey(): string {
  return crypto.randomUUID();
}

async function post(user: TestUser | null, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  return callApi(server, 'POST', url, { as: user, payload: options.body ?? {}, headers: options.headers });
}

async function transfer(user: TestUser, body: Record<string, string>, key: string | null = newKey()) {
  return post(user, '/balance/transfer', { body, headers: key === null ? {} : { 'idempotency-key': key } });
}

async function spotList(user: TestUser): Promise<Balance[]> {
  const response = await post(user, '/balance/list');
  expect(response.statusCode).toBe(200);
  return response.json().data as Balance[];
}

function entry(list: Balance[], currency: string): Balance {
  const found = list.find((balance) => balance.currency === currency);
  if (!found) throw new Error(`no ${currency} in the list`);
  return found;
}

/** Everything that a refused money call must leave untouched. */
async function journal() {
  const row = await server.context.db
    .selectNoFrom([
      sql<bigint>`(select count(*) from ledger_transactions)`.as('transactions'),
      sql<bigint>`(select count(*) from ledger_postings)`.as('postings'),
      sql<bigint>`(select coalesce(sum(abs(amount_units)), 0) from ledger_postings)`.as('moved'),
    ])
    .executeTakeFirstOrThrow();
  return { transactions: row.transactions, postings: row.postings, moved: row.moved };
}

async function currencyCodesInOrder(): Promise<string[]> {
  const rows = await server.context.db.selectFrom('currencies').select('code').orderBy('sort_order').orderBy('code').execute();
  return rows.map((row) => row.code);
}

async function holdFunds(user: TestUser, currency: string, amountUnits: bigint, wallet: 'spot' | 'futures' = 'spot') {
  await server.context.db.transaction().execute(async (trx) => {
    await placeHold(trx, {
      owner: userOwner(user.userId),
      wallet,
      currency,
      amountUnits,
      referenceType: 'test',
      referenceId: crypto.randomUUID(),
      now: server.context.now(),
    });
  });
}

/** A session without a user behind it: CSRF-valid, so the auth guard is what answers. */
async function signedOutVisitor(): Promise<TestUser> {
  const visitor = await createTestUser(server);
  const token = visitor.cookie.slice(`${SESSION_COOKIE}=`.length);
  await server.context.db.updateTable('sessions').set({ user_id: null }).where('id', '=', hashToken(token)).execute();
  return visitor;
}

describe('POST /balance/list', () => {
  it('R-ENT-06 R-API-03 lists every spot currency in order, zeros included, then FTUSDT, formatted with each scale', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '1000.5');
    await creditUser(server, alice.userId, 'USDT', '20', 'futures');
    const list = await spotList(alice);
    const codes = await currencyCodesInOrder();
    expect(list.map((balance) => balance.currency)).toEqual([...codes, 'FTUSDT']);
    const usdt = entry(list, 'USDT');
    const scale = usdt.balance.split('.')[1]?.length ?? 0;
    expect(usdt.balance).toBe(`1000.5${'0'.repeat(scale - 1)}`);
    expect(usdt.frozen).toBe(`0.${'0'.repeat(scale)}`);
    expect(usdt.displayName.length).toBeGreaterThan(0);
    expect(entry(list, 'FTUSDT').balance).toBe(`20.${'0'.repeat(scale)}`);
    for (const balance of list) {
      expect(balance.frozen.startsWith('-')).toBe(false);
      expect(balance.balance).toMatch(/^\d+(\.\d+)?$/);
    }
  });

  it('R-ENT-06 shows held funds in the total and as a negative frozen, so available = balance + frozen', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'BTC', '2');
    const scaleRow = await server.context.db.selectFrom('currencies').select('scale').where('code', '=', 'BTC').executeTakeFirstOrThrow();
    const scale = Number(scaleRow.scale);
    await holdFunds(alice, 'BTC', 5n * 10n ** BigInt(scale - 1));
    const btc = entry(await spotList(alice), 'BTC');
    expect(btc.balance).toBe(`2.${'0'.repeat(scale)}`);
    expect(btc.frozen).toBe(`-0.5${'0'.repeat(scale - 1)}`);
  });

  it('never shows one user the balances of another', async () => {
    const alice = await createTestUser(server);
    const bob = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '777');
    for (const balance of await spotList(bob)) expect(Number(balance.balance)).toBe(0);
    const grouped = (await post(bob, '/balance/get')).json().data as WalletBalances;
    expect(grouped.spot.every((balance) => Number(balance.balance) === 0)).toBe(true);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const visitor = await signedOutVisitor();
    const response = await post(visitor, '/balance/list');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errcode: ERRCODES.unauthorized });
  });
});

describe('POST /balance/get', () => {
  it('R-API-03 answers one spot Balance for ?currency=', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'ETH', '1.25');
    const response = await post(alice, '/balance/get?currency=eth');
    expect(response.json()).toMatchObject({ errcode: 0, data: { currency: 'ETH' } });
    expect(Number(response.json().data.balance)).toBe(1.25);
  });

  it('R-ENT-06 answers the futures USDT for FTUSDT', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '5', 'spot');
    await creditUser(server, alice.userId, 'USDT', '42', 'futures');
    await holdFunds(alice, 'USDT', 1n, 'futures');
    const balance = (await post(alice, '/balance/get?currency=FTUSDT')).json().data as Balance;
    expect(balance.currency).toBe('FTUSDT');
    expect(Number(balance.balance)).toBe(42);
    expect(balance.frozen).toMatch(/^-0\.0*1$/);
  });

  it('refuses an unknown currency with unknownCurrency and a malformed one with 400', async () => {
    const alice = await createTestUser(server);
    const unknown = await post(alice, '/balance/get?currency=NOPE');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ errcode: ERRCODES.unknownCurrency });
    expect(unknown.json().errmsg).toBe('Unknown currency.');
    const malformed = await post(alice, '/balance/get?currency=US-DT');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errcode: 400, fields: { currency: expect.any(String) } });
  });

  it('without a currency groups by wallet: spot complete, the others only non-zero', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '10', 'futures');
    await creditUser(server, alice.userId, 'BTC', '0.1', 'finance');
    const grouped = (await post(alice, '/balance/get')).json().data as WalletBalances;
    expect(grouped.spot.map((balance) => balance.currency)).toEqual(await currencyCodesInOrder());
    expect(grouped.futures.map((balance) => balance.currency)).toEqual(['USDT']);
    expect(grouped.finance.map((balance) => balance.currency)).toEqual(['BTC']);
    expect(grouped.loan).toEqual([]);
  });
});

describe('GET /balance/get2', () => {
  it('R-API-03 answers the available amount of a currency in each wallet, held funds excluded', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '100', 'spot');
    await creditUser(server, alice.userId, 'USDT', '7', 'futures');
    await creditUser(server, alice.userId, 'USDT', '3', 'loan');
    const scale = Number((await server.context.db.selectFrom('currencies').select('scale').where('code', '=', 'USDT').executeTakeFirstOrThrow()).scale);
    await holdFunds(alice, 'USDT', 40n * 10n ** BigInt(scale));
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/balance/get2?currency=usdt', headers: alice.headers });
    const data = response.json().data as Record<string, string>;
    expect(data.currency).toBe('USDT');
    expect([data.spot, data.futures, data.finance, data.loan].map(Number)).toEqual([60, 7, 0, 3]);
  });

  it('refuses an unknown currency, a missing one, and a visitor', async () => {
    const alice = await createTestUser(server);
    const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/balance/get2?currency=NOPE', headers: alice.headers });
    expect(unknown.json()).toMatchObject({ errcode: ERRCODES.unknownCurrency });
    const missing = await server.app.inject({ method: 'GET', url: '/api/v1/balance/get2', headers: alice.headers });
    expect(missing.statusCode).toBe(400);
    const visitor = await server.app.inject({ method: 'GET', url: '/api/v1/balance/get2?currency=USDT' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('POST /balance/transfer', () => {
  it('R-API-03 moves funds between own wallets and answers both new balances', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '100');
    const response = await transfer(alice, { from: 'spot', to: 'futures', currency: 'usdt', amount: '30.5' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as TransferResult;
    expect(data).toMatchObject({ from: 'spot', to: 'futures', currency: 'USDT' });
    expect(Number(data.amount)).toBe(30.5);
    expect(Number(data.balances.from.balance)).toBe(69.5);
    expect(Number(data.balances.to.balance)).toBe(30.5);
    const transaction = await server.context.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'owner_key'])
      .where('id', '=', BigInt(data.transferId))
      .executeTakeFirstOrThrow();
    expect(transaction).toEqual({ kind: 'transfer', owner_key: userOwner(alice.userId) });
    expect(Number(entry(await spotList(alice), 'FTUSDT').balance)).toBe(30.5);
    expect((await auditLedger(server.context.db)).ok).toBe(true);
  });

  it('accepts a form-encoded body, as the spec client sends', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'BTC', '1');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/balance/transfer',
      headers: { ...alice.headers, 'idempotency-key': newKey(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'from=spot&to=finance&currency=BTC&amount=0.25',
    });
    expect(response.json()).toMatchObject({ errcode: 0, data: { to: 'finance', currency: 'BTC' } });
  });

  describe('refusals leave the journal untouched', () => {
    let alice: TestUser;
    beforeAll(async () => {
      alice = await createTestUser(server);
      await creditUser(server, alice.userId, 'USDT', '50');
    });

    const businessRefusals: Array<[string, Record<string, string>, keyof typeof ERRCODES]> = [
      ['an unknown currency', { from: 'spot', to: 'futures', currency: 'NOPE', amount: '1' }, 'unknownCurrency'],
      ['more decimals than the currency has', { from: 'spot', to: 'futures', currency: 'USDT', amount: '1.0000000001' }, 'invalidAmount'],
      ['a zero amount', { from: 'spot', to: 'futures', currency: 'USDT', amount: '0' }, 'invalidAmount'],
      ['a zero amount with decimals', { from: 'spot', to: 'futures', currency: 'USDT', amount: '0.000' }, 'invalidAmount'],
      ['the same wallet on both sides', { from: 'spot', to: 'spot', currency: 'USDT', amount: '1' }, 'sameWallet'],
      ['the loan wallet as source', { from: 'loan', to: 'spot', currency: 'USDT', amount: '1' }, 'walletNotAllowed'],
      ['the loan wallet as target', { from: 'spot', to: 'loan', currency: 'USDT', amount: '1' }, 'walletNotAllowed'],
      ['more than the balance', { from: 'spot', to: 'futures', currency: 'USDT', amount: '50.001' }, 'insufficientBalance'],
      ['an amount beyond 64 bits', { from: 'spot', to: 'futures', currency: 'USDT', amount: '99999999999999999999' }, 'amountTooLarge'],
    ];
    for (const [what, body, code] of businessRefusals) {
      it(`refuses ${what} with ${code}`, async () => {
        const before = await journal();
        const response = await transfer(alice, body);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ errcode: ERRCODES[code], errmsg: expect.any(String) });
        expect(await journal()).toEqual(before);
      });
    }

    const invalidInputs: Array<[string, Record<string, string>]> = [
      ['a negative amount', { from: 'spot', to: 'futures', currency: 'USDT', amount: '-1' }],
      ['an amount in exponent notation', { from: 'spot', to: 'futures', currency: 'USDT', amount: '1e3' }],
      ['an unknown wallet', { from: 'spot', to: 'margin', currency: 'USDT', amount: '1' }],
      ['a missing amount', { from: 'spot', to: 'futures', currency: 'USDT' }],
    ];
    for (const [what, body] of invalidInputs) {
      it(`refuses ${what} with 400 and the field named`, async () => {
        const before = await journal();
        const response = await transfer(alice, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ errcode: 400, fields: expect.any(Object) });
        expect(await journal()).toEqual(before);
      });
    }

    it('refuses a transfer without an Idempotency-Key with idempotencyKeyRequired', async () => {
      const before = await journal();
      const response = await transfer(alice, { from: 'spot', to: 'futures', currency: 'USDT', amount: '1' }, null);
      expect(response.json()).toMatchObject({ errcode: ERRCODES.idempotencyKeyRequired });
      const blank = await transfer(alice, { from: 'spot', to: 'futures', currency: 'USDT', amount: '1' }, '   ');
      expect(blank.json()).toMatchObject({ errcode: ERRCODES.idempotencyKeyRequired });
      expect(await journal()).toEqual(before);
    });

    it('refuses a malformed Idempotency-Key with 400', async () => {
      const response = await transfer(alice, { from: 'spot', to: 'futures', currency: 'USDT', amount: '1' }, 'short');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errcode: 400, fields: { 'idempotency-key': expect.any(String) } });
    });

    it('answers 401 to a visitor who is not signed in', async () => {
      const visitor = await signedOutVisitor();
      const before = await journal();
      const response = await transfer(visitor, { from: 'spot', to: 'futures', currency: 'USDT', amount: '1' });
      expect(response.statusCode).toBe(401);
      expect(await journal()).toEqual(before);
    });
  });

  it('R-API-03 answers a repeat of one key with the first answer, even written differently, and refuses the key for another amount', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '10');
    const key = newKey();
    const first = await transfer(alice, { from: 'spot', to: 'futures', currency: 'USDT', amount: '1.5' }, key);
    const repeat = await transfer(alice, { from: 'spot', to: 'futures', currency: 'usdt', amount: '1.50' }, key);
    expect(repeat.json()).toEqual(first.json());
    const conflict = await transfer(alice, { from: 'spot', to: 'futures', currency: 'USDT', amount: '2' }, key);
    expect(conflict.json()).toMatchObject({ errcode: ERRCODES.idempotencyConflict });
    const otherWallet = await transfer(alice, { from: 'spot', to: 'finance', currency: 'USDT', amount: '1.5' }, key);
    expect(otherWallet.json()).toMatchObject({ errcode: ERRCODES.idempotencyConflict });
    expect(Number(entry(await spotList(alice), 'USDT').balance)).toBe(8.5);
  });

  it('scopes a key to its user: another user may use the same key for their own transfer', async () => {
    const alice = await createTestUser(server);
    const bob = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '10');
    await creditUser(server, bob.userId, 'USDT', '10');
    const key = newKey();
    const mine = await transfer(alice, { from: 'spot', to: 'futures', currency: 'USDT', amount: '1' }, key);
    const theirs = await transfer(bob, { from: 'spot', to: 'futures', currency: 'USDT', amount: '2' }, key);
    expect(mine.json().errcode).toBe(0);
    expect(theirs.json().errcode).toBe(0);
    expect(theirs.json().data.transferId).not.toBe(mine.json().data.transferId);
    expect(Number(entry(await spotList(alice), 'USDT').balance)).toBe(9);
  });

  it('limits transfers to 120 a minute per client with 429 and errcode 9', async () => {
    const limited = await buildTestServer({ rateLimitScale: 1, demoMode: false });
    try {
      const alice = await createTestUser(limited);
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/v1/balance/transfer', headers: alice.headers, payload: { from: 'spot', to: 'futures', currency: 'USDT', amount: '1' } });
      for (let index = 0; index < 120; index += 1) expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ errcode: ERRCODES.rateLimited });
    } finally {
      await limited.close();
    }
  });

  it('R-ENT-06 R-API-03 lets exactly one of 100 concurrent whole-balance transfers through; the rest get insufficientBalance', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '25');
    const before = await journal();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => transfer(alice, { from: 'spot', to: 'futures', currency: 'USDT', amount: '25' })),
    );
    const codes = responses.map((response) => response.json().errcode as number);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRCODES.insufficientBalance)).toHaveLength(99);
    expect((await journal()).transactions).toBe(before.transactions + 1n);
    const list = await spotList(alice);
    expect(Number(entry(list, 'USDT').balance)).toBe(0);
    expect(Number(entry(list, 'FTUSDT').balance)).toBe(25);
    const audit = await auditLedger(server.context.db);
    expect(audit.problems).toEqual([]);
  });

  it('R-API-03 gives 100 concurrent repeats of one key one effect and identical answers', async () => {
    const alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '100');
    const key = newKey();
    const before = await journal();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => transfer(alice, { from: 'spot', to: 'finance', currency: 'USDT', amount: '3' }, key)),
    );
    const bodies = responses.map((response) => response.body);
    expect(new Set(bodies).size).toBe(1);
    expect(responses[0]?.json().errcode).toBe(0);
    expect((await journal()).transactions).toBe(before.transactions + 1n);
    const keyed = await server.context.db
      .selectFrom('ledger_transactions')
      .select(sql<bigint>`count(*)`.as('count'))
      .where('owner_key', '=', userOwner(alice.userId))
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(keyed.count).toBe(1n);
    expect(Number(entry(await spotList(alice), 'USDT').balance)).toBe(97);
    expect((await auditLedger(server.context.db)).ok).toBe(true);
  });
});
