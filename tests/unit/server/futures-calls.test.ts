/**
 * Proves the futures calls (api/futures.ts) on a real database and ledger: the config with the
 * mark from the spot market's index, market and limit creates with their holds, idempotent
 * creates, every limit refused with its errcode and nothing written, closing and cancelling by
 * the owner only (another user's position is not found), close-all, the stop points, the lists
 * with their scopes, filters and pages, the account's figures, and a ledger audit that passes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { systemBalances } from '../../../server/ledger/ledger';
import type { FuturesPosition } from '../../../src/shared/api/futures';
import { ERRCODES } from '../../../src/shared/errcodes';
import { formatUnits } from '../../../src/shared/money';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { BTC_FUTURES, BTC_SPOT, createPosition, createRaw, DOGE_FUTURES, DOGE_SPOT, fundFuturesAccounts, futuresUser, futuresWallet, setIndex } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  await fundFuturesAccounts(server);
});
/** The tests are the reference feed: BTC at 60000 (a reference goes stale after 30 s). */
beforeEach(() => {
  setIndex(server, BTC_SPOT, '60000');
});
afterAll(async () => {
  await server.close();
});

async function post(url: string, user: TestUser | null, payload?: Record<string, unknown>) {
  return (await callApi(server, 'POST', url, { as: user, payload })).json();
}

async function expectAuditOk() {
  expect((await auditLedger(server.context.db)).problems).toEqual([]);
}

async function feesUsdt(): Promise<bigint> {
  return (await systemBalances(server.context.db, 'fees')).find((balance) => balance.currency === 'USDT')?.balanceUnits ?? 0n;
}

/** A long of 0.1 BTC at 10x: entry 60012.0 (mark 60000 + 0.02 %), notional 6001.2, margin 600.12, open fee 3.0006. */
const LONG_TENTH = { symbol: 'BTC_USDT', side: 'long', leverage: 10, volume: '0.1' };

describe('POST /futures/config', () => {
  it('R-API-04 lists every futures symbol with its terms, and the mark from the spot index at the futures precision, rounded down', async () => {
    setIndex(server, BTC_SPOT, '60000.09');
    const answer = await post('/futures/config', await createTestUser(server));
    expect(answer.errcode).toBe(0);
    expect(answer.data.currency).toBe('FTUSDT');
    expect(answer.data.symbols.map((symbol: { symbolId: number }) => symbol.symbolId)).toEqual([201, 202, 203, 204, 205, 206]);
    expect(answer.data.symbols[0]).toMatchObject({
      symbolId: BTC_FUTURES,
      symbol: 'BTC_USDT',
      indexSymbolId: BTC_SPOT,
      leverages: [1, 2, 3, 5, 10, 20, 50, 75, 100],
      volumeStep: '0.001',
      minVolume: '0.001',
      maxVolume: '50.000',
      openFeeRate: '0.0005',
      closeFeeRate: '0.0005',
      maintenanceMarginRate: '0.005',
      spreadRate: '0.0002',
      userNotionalMax: '1000000.000000',
      netExposureMax: '5000000.000000',
      markPrice: '60000.0',
    });
    expect(answer.data.symbols[5]).toMatchObject({ symbolId: DOGE_FUTURES, markPrice: null, markAt: null });
  });

  it('answers one symbol by id or by name, and symbolNotFound for a spot symbol', async () => {
    const user = await createTestUser(server);
    expect((await post('/futures/config?id=201', user)).data.symbols).toHaveLength(1);
    expect((await post('/futures/config?id=eth_usdt', user)).data.symbols[0].symbolId).toBe(202);
    expect((await post(`/futures/config?id=${BTC_SPOT}`, user)).errcode).toBe(ERRCODES.symbolNotFound);
  });
});

describe('POST /futures/create', () => {
  it('R-API-04 opens a market long at the mark plus the spread, holds the margin and pays the open fee', async () => {
    const user = await futuresUser(server, '1000');
    const feesBefore = await feesUsdt();
    const position = await createPosition(server, user, LONG_TENTH);
    expect(position).toMatchObject({
      symbolId: BTC_FUTURES,
      side: 'long',
      type: 'market',
      status: 'open',
      leverage: 10,
      volume: '0.100',
      margin: '600.120000',
      entryPrice: '60012.0',
      // (6001.2 - 600.12) / (0.1 x (1 - 0.005)) = 54282.21.., rounded up towards the entry.
      liquidationPrice: '54282.3',
      openFee: '3.000600',
      triggerPrice: null,
      closePrice: null,
      closeReason: null,
    });
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '396.879400', held: '600.120000' });
    expect((await feesUsdt()) - feesBefore).toBe(3_000_600n);
    await expectAuditOk();
  });

  it('sizes a position by its margin: margin x leverage / price, rounded down to the step', async () => {
    const user = await futuresUser(server, '1000');
    // 100 x 20 / 60012 = 0.03332.. -> 0.033 BTC; the margin stays as given.
    const position = await createPosition(server, user, { symbol: BTC_FUTURES, side: 'long', leverage: 20, margin: '100' });
    expect(position).toMatchObject({ volume: '0.033', margin: '100.000000' });
  });

  it('opens a market short at the mark minus the spread', async () => {
    const user = await futuresUser(server, '1000');
    const position = await createPosition(server, user, { ...LONG_TENTH, side: 'short' });
    expect(position).toMatchObject({ side: 'short', entryPrice: '59988.0', status: 'open' });
  });

  it('leaves a limit order pending with its trigger, holding margin and open fee at the trigger price', async () => {
    const user = await futuresUser(server, '1000');
    const position = await createPosition(server, user, { ...LONG_TENTH, type: 'limit', triggerPrice: '59000' });
    // 0.1 x 59000 = 5900: margin 590, fee 2.95.
    expect(position).toMatchObject({ status: 'pending', type: 'limit', triggerPrice: '59000.0', entryPrice: null, liquidationPrice: null, margin: '590.000000', openFee: '2.950000' });
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '407.050000', held: '592.950000' });
  });

  it('is idempotent: the same key and body answer the same position once; another body under the key is refused', async () => {
    const user = await futuresUser(server, '1000');
    const first = (await createRaw(server, user, LONG_TENTH, 'futures-key-1')).json();
    const again = (await createRaw(server, user, { ...LONG_TENTH, volume: '0.10' }, 'futures-key-1')).json();
    expect(again.data).toEqual(first.data);
    // However the mark moved since, and with no index at all.
    setIndex(server, BTC_SPOT, '70000');
    expect((await createRaw(server, user, LONG_TENTH, 'futures-key-1')).json().data).toEqual(first.data);
    server.app.prices.setReference(BTC_SPOT, 1n, 0);
    expect((await createRaw(server, user, LONG_TENTH, 'futures-key-1')).json().data).toEqual(first.data);
    setIndex(server, BTC_SPOT, '60000');
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '396.879400', held: '600.120000' });
    expect((await createRaw(server, user, { ...LONG_TENTH, volume: '0.2' }, 'futures-key-1')).json().errcode).toBe(ERRCODES.idempotencyConflict);
    expect((await createRaw(server, user, LONG_TENTH, null)).json().errcode).toBe(ERRCODES.idempotencyKeyRequired);
  });

  it('of racing repeats of one key makes one position, and of creates racing for one balance only what it covers', async () => {
    // Each costs 60.31206 (0.01 BTC at 10x: margin 60.012, fee 0.30006): 650 covers ten.
    const user = await futuresUser(server, '650');
    const small = { ...LONG_TENTH, volume: '0.01' };
    const repeats = await Promise.all(Array.from({ length: 20 }, () => createRaw(server, user, small, 'futures-race-key')));
    const answered = new Set(repeats.map((answer) => JSON.stringify(answer.json())));
    expect(answered.size).toBe(1);
    expect(JSON.parse([...answered][0]!)).toMatchObject({ errcode: 0, data: { status: 'open' } });
    const answers = await Promise.all(Array.from({ length: 30 }, () => createRaw(server, user, small)));
    const errcodes = answers.map((answer) => answer.json().errcode as number);
    expect(errcodes.filter((errcode) => errcode === 0)).toHaveLength(9);
    expect(errcodes.filter((errcode) => errcode !== 0).every((errcode) => errcode === ERRCODES.insufficientBalance)).toBe(true);
    expect((await post('/futures/orders?limit=100', user)).data.total).toBe(10);
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '46.879400', held: '600.120000' });
    await expectAuditOk();
  });

  it('refuses what its terms do not allow, each with its errcode, and writes nothing', async () => {
    const user = await futuresUser(server, '1000');
    const refusals: [Record<string, unknown>, number][] = [
      [{ ...LONG_TENTH, leverage: 7 }, ERRCODES.futuresLeverageNotOffered],
      [{ ...LONG_TENTH, margin: '100' }, ERRCODES.futuresSizeInvalid],
      [{ symbol: BTC_FUTURES, side: 'long', leverage: 10 }, ERRCODES.futuresSizeInvalid],
      [{ ...LONG_TENTH, type: 'limit' }, ERRCODES.futuresTriggerPriceInvalid],
      [{ ...LONG_TENTH, triggerPrice: '59000' }, ERRCODES.futuresTriggerPriceInvalid],
      [{ symbol: BTC_FUTURES, side: 'long', leverage: 1, margin: '0.01' }, ERRCODES.futuresVolumeBelowMin],
      [{ ...LONG_TENTH, volume: '51' }, ERRCODES.futuresVolumeAboveMax],
      [{ ...LONG_TENTH, volume: '0.0001' }, ERRCODES.invalidAmount],
      [{ ...LONG_TENTH, takeProfit: '60000' }, ERRCODES.futuresTakeProfitInvalid],
      [{ ...LONG_TENTH, stopLoss: '60100' }, ERRCODES.futuresStopLossInvalid],
      [{ ...LONG_TENTH, stopLoss: '54000' }, ERRCODES.futuresStopLossInvalid],
      [{ ...LONG_TENTH, side: 'short', takeProfit: '61000' }, ERRCODES.futuresTakeProfitInvalid],
      [{ ...LONG_TENTH, volume: '0.2' }, ERRCODES.insufficientBalance],
      [{ ...LONG_TENTH, symbol: 'DOGE_USDT', volume: '1000' }, ERRCODES.indexUnavailable],
      [{ ...LONG_TENTH, symbol: BTC_SPOT }, ERRCODES.symbolNotFound],
    ];
    for (const [body, errcode] of refusals) {
      const answer = (await createRaw(server, user, body)).json();
      expect(answer.errcode, JSON.stringify(body)).toBe(errcode);
      expect(answer.errmsg).toBeTruthy();
    }
    const stopLoss = (await createRaw(server, user, { ...LONG_TENTH, stopLoss: '54000' })).json();
    expect(stopLoss.errmsg).toContain('54282.3');
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '1000.000000', held: '0.000000' });
    expect((await post('/futures/orders', user)).data.total).toBe(0);
  });

  it("refuses past the user's notional limit in a symbol (pending and open count)", async () => {
    const user = await futuresUser(server, '20000');
    // 16 BTC at 60012 = 960192 USDT; 1 more BTC passes 1,000,000.
    await createPosition(server, user, { ...LONG_TENTH, leverage: 100, volume: '16' });
    const refused = (await createRaw(server, user, { ...LONG_TENTH, leverage: 100, volume: '1' })).json();
    expect(refused).toMatchObject({ errcode: ERRCODES.futuresUserNotionalExceeded });
    expect(refused.errmsg).toContain('1000000');
    await createPosition(server, user, { ...LONG_TENTH, leverage: 100, volume: '0.5' });
  });
});

describe('the platform net exposure', () => {
  it('refuses a new position on the heavier side past the limit and always takes the lighter side', async () => {
    setIndex(server, DOGE_SPOT, '0.1');
    // Five longs of 990,000 DOGE: 4.95M DOGE at 0.1 = 495,000 of the 500,000 USDT limit.
    for (let count = 0; count < 5; count += 1) {
      await createPosition(server, await futuresUser(server, '6000'), { symbol: DOGE_FUTURES, side: 'long', leverage: 20, volume: '990000' });
    }
    const heavy = await futuresUser(server, '6000');
    expect((await createRaw(server, heavy, { symbol: DOGE_FUTURES, side: 'long', leverage: 20, volume: '990000' })).json().errcode).toBe(ERRCODES.futuresNetExposureExceeded);
    const light = await futuresUser(server, '6000');
    await createPosition(server, light, { symbol: DOGE_FUTURES, side: 'short', leverage: 20, volume: '990000' });
    // The short made room for the long.
    await createPosition(server, heavy, { symbol: DOGE_FUTURES, side: 'long', leverage: 20, volume: '990000' });
  });
});

describe('POST /futures/closeorder', () => {
  it('R-API-04 closes at the mark: PnL and the close fee settle through the ledger against the house', async () => {
    const user = await futuresUser(server, '1000');
    const position = await createPosition(server, user, LONG_TENTH);
    const houseBefore = (await systemBalances(server.context.db, 'futures_house')).find((balance) => balance.currency === 'USDT')!.balanceUnits;
    setIndex(server, BTC_SPOT, '61000');
    const answer = await post(`/futures/closeorder?id=${position.id}`, user);
    // PnL 0.1 x (61000 - 60012) = 98.8; close fee 0.1 x 61000 x 0.0005 = 3.05.
    expect(answer.data).toMatchObject({ status: 'closed', closeReason: 'user', closePrice: '61000.0', realizedPnl: '98.800000', closeFee: '3.050000' });
    expect(answer.data.closedAt).toBeGreaterThan(0);
    // 1000 - 603.1206 + 600.12 + 98.8 - 3.05 = 1092.7494.
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '1092.749400', held: '0.000000' });
    const houseAfter = (await systemBalances(server.context.db, 'futures_house')).find((balance) => balance.currency === 'USDT')!.balanceUnits;
    expect(houseAfter - houseBefore).toBe(-98_800_000n);
    // The fund details show the open fee and the close as trades of the futures wallet (the hold moves nothing).
    const movements = (await callApi(server, 'GET', '/wallets/funddetails?wallet=futures', { as: user })).json().data.list;
    expect(movements.map((movement: { type: string; amount: string }) => [movement.type, movement.amount])).toEqual([
      ['trade', '95.750000'],
      ['trade', '-3.000600'],
      ['other', '1000.000000'],
    ]);
    // A retry after a lost answer: the position as it is, nothing paid twice.
    expect((await post(`/futures/closeorder?id=${position.id}`, user)).data).toEqual(answer.data);
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '1092.749400', held: '0.000000' });
    await expectAuditOk();
  });

  it('cancels a pending one and releases its hold whole', async () => {
    const user = await futuresUser(server, '1000');
    const position = await createPosition(server, user, { ...LONG_TENTH, type: 'limit', triggerPrice: '59000' });
    const answer = await post(`/futures/closeorder?id=${position.id}`, user);
    expect(answer.data).toMatchObject({ status: 'cancelled', closeReason: 'user', realizedPnl: null });
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '1000.000000', held: '0.000000' });
  });

  it("answers another user's position as not found and leaves it open", async () => {
    const owner = await futuresUser(server, '1000');
    const position = await createPosition(server, owner, LONG_TENTH);
    const other = await createTestUser(server);
    expect((await post(`/futures/closeorder?id=${position.id}`, other)).errcode).toBe(ERRCODES.futuresPositionNotFound);
    expect((await post('/futures/closeorder?id=999999', other)).errcode).toBe(ERRCODES.futuresPositionNotFound);
    expect((await post('/futures/updatestoppoints', other, { id: position.id, takeProfit: '70000' })).errcode).toBe(ERRCODES.futuresPositionNotFound);
    expect((await post('/futures/orders', other)).data).toEqual({ total: 0, list: [] });
    expect((await post('/futures/orders?scope=open', owner)).data.list[0]).toMatchObject({ id: position.id, status: 'open' });
  });

  it('needs a signed-in user', async () => {
    expect((await callApi(server, 'POST', '/futures/closeorder?id=1')).statusCode).toBe(401);
  });
});

describe('POST /futures/closeall', () => {
  it("R-API-04 closes the caller's open positions and cancels the pending ones, of one symbol or all", async () => {
    const user = await futuresUser(server, '5000');
    await createPosition(server, user, LONG_TENTH);
    await createPosition(server, user, { ...LONG_TENTH, side: 'short' });
    await createPosition(server, user, { ...LONG_TENTH, type: 'limit', triggerPrice: '59000' });
    expect((await post('/futures/closeall?symbol=ETH_USDT', user)).data).toMatchObject({ closed: 0, cancelled: 0, list: [] });
    const answer = await post('/futures/closeall?symbol=BTC_USDT', user);
    expect(answer.data).toMatchObject({ closed: 2, cancelled: 1 });
    expect(answer.data.list.map((position: FuturesPosition) => position.status).sort()).toEqual(['cancelled', 'closed', 'closed']);
    expect((await futuresWallet(server, user.userId)).held).toBe('0.000000');
    expect((await post('/futures/closeall', user)).data).toMatchObject({ closed: 0, cancelled: 0 });
    await expectAuditOk();
  });
});

describe('POST /futures/updatestoppoints', () => {
  it('R-API-04 sets, keeps and clears the stop points of a pending or open position, and refuses bad ones', async () => {
    const user = await futuresUser(server, '1000');
    const position = await createPosition(server, user, LONG_TENTH);
    const set = await post('/futures/updatestoppoints', user, { id: position.id, takeProfit: '65000', stopLoss: '58000' });
    expect(set.data).toMatchObject({ takeProfit: '65000.0', stopLoss: '58000.0' });
    const kept = await post('/futures/updatestoppoints', user, { id: position.id, stopLoss: null });
    expect(kept.data).toMatchObject({ takeProfit: '65000.0', stopLoss: null });
    expect((await post('/futures/updatestoppoints', user, { id: position.id, takeProfit: '59000' })).errcode).toBe(ERRCODES.futuresTakeProfitInvalid);
    expect((await post('/futures/updatestoppoints', user, { id: position.id, stopLoss: '50000' })).errcode).toBe(ERRCODES.futuresStopLossInvalid);
    const pending = await createPosition(server, user, { ...LONG_TENTH, volume: '0.001', type: 'limit', triggerPrice: '59000' });
    expect((await post('/futures/updatestoppoints', user, { id: pending.id, takeProfit: '59500' })).data).toMatchObject({ takeProfit: '59500.0' });
    await post(`/futures/closeorder?id=${position.id}`, user);
    expect((await post('/futures/updatestoppoints', user, { id: position.id, takeProfit: '70000' })).errcode).toBe(ERRCODES.futuresPositionClosed);
  });
});

describe('POST /futures/orders', () => {
  it('R-API-04 lists the caller\'s positions newest first, by scope, symbol, side and close reason, in pages', async () => {
    const user = await futuresUser(server, '5000');
    const first = await createPosition(server, user, LONG_TENTH);
    const second = await createPosition(server, user, { ...LONG_TENTH, side: 'short' });
    const third = await createPosition(server, user, { ...LONG_TENTH, type: 'limit', triggerPrice: '59000' });
    await post(`/futures/closeorder?id=${first.id}`, user);
    const ids = (answer: { data: { list: FuturesPosition[] } }) => answer.data.list.map((position) => position.id);
    expect(ids(await post('/futures/orders', user))).toEqual([third.id, second.id, first.id]);
    expect(ids(await post('/futures/orders?scope=open', user))).toEqual([third.id, second.id]);
    expect(ids(await post('/futures/orders?scope=history', user))).toEqual([first.id]);
    expect(ids(await post('/futures/orders?side=short', user))).toEqual([second.id]);
    expect(ids(await post('/futures/orders?closeReason=user', user))).toEqual([first.id]);
    expect(ids(await post('/futures/orders?closeReason=takeProfit', user))).toEqual([]);
    expect(ids(await post('/futures/orders?symbol=ETH_USDT', user))).toEqual([]);
    const page = await post('/futures/orders?offset=1&limit=1', user);
    expect(page.data.total).toBe(3);
    expect(ids(page)).toEqual([second.id]);
    expect(ids(await post(`/futures/orders?from=${server.context.now() + 1000}`, user))).toEqual([]);
    expect((await post('/futures/orders?symbol=NOPE_USDT', user)).errcode).toBe(ERRCODES.symbolNotFound);
  });
});

describe('POST /futures/stats', () => {
  it('R-API-04 counts the account at the marks now: available, margin in use, unrealised PnL, equity, margin ratio, today', async () => {
    const user = await futuresUser(server, '1000');
    expect((await post('/futures/stats', user)).data).toMatchObject({ currency: 'FTUSDT', available: '1000.000000', marginInUse: '0.000000', unrealizedPnl: '0.000000', marginRatio: null, openCount: 0, pendingCount: 0, todayPnl: '0.000000' });
    const position = await createPosition(server, user, LONG_TENTH);
    setIndex(server, BTC_SPOT, '59000');
    const stats = (await post('/futures/stats', user)).data;
    // PnL 0.1 x (59000 - 60012) = -101.2; maintenance 0.1 x 59000 x 0.005 = 29.5 over 600.12 - 101.2 = 498.92.
    expect(stats).toMatchObject({ available: '396.879400', marginInUse: '600.120000', unrealizedPnl: '-101.200000', equity: '895.799400', openCount: 1, pendingCount: 0 });
    expect(stats.marginRatio).toBe('0.059128');
    await post(`/futures/closeorder?id=${position.id}`, user);
    // -101.2 - 3.0006 - 2.95.
    expect((await post('/futures/stats', user)).data).toMatchObject({ todayPnl: formatUnits(-107_150_600n, 6), openCount: 0, marginRatio: null });
  });
});

describe('the futures house', () => {
  it('refuses a position whose full move the house could not pay (platformLimitReached)', async () => {
    const bare = await buildTestServer({ demoMode: false });
    try {
      setIndex(bare, BTC_SPOT, '60000');
      await fundFuturesAccounts(bare, '5000', '0');
      const user = await futuresUser(bare, '1000');
      expect((await createRaw(bare, user, LONG_TENTH)).json().errcode).toBe(ERRCODES.platformLimitReached);
      expect((await createRaw(bare, user, { ...LONG_TENTH, volume: '0.05' })).json().errcode).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
