/**
 * Proves the binary-option calls through app.inject on a real database: the config of each option
 * symbol, create with its idempotency key, open price and refusals, the status and lists only for
 * their owner, and settlement at the recorded index of the expiry instant (a win pays stake x (1 +
 * payout rate) from the options house, a loss pays the stake to it, a tie or a missing price refunds
 * it; payouts and house changes sum to zero per order in the ledger), exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { INDEX_RETENTION_MS, settleOrder } from '../../../server/modules/boption/settlement';
import { sweep } from '../../../server/maintenance';
import { BOPTION_NOTIFICATION_TYPE } from '../../../server/modules/notification/service';
import type { BoptionConfig, BoptionOrder } from '../../../src/shared/api/boption';
import { ERRCODES } from '../../../src/shared/errcodes';
import { advanceTo, boptionCall, createOption, fundedUser, sampleIndex, spotUsdt, takeOverSampling } from '../../helpers/boption';
import type { TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { startSession, type SessionHeaders } from '../../helpers/signin';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let visitor: SessionHeaders;

beforeAll(async () => {
  server = await buildTestServer({ boptionExtraPeriodsSeconds: [5] });
  takeOverSampling(server);
  visitor = await startSession(server);
  await sampleIndex(server, 101, '60000.00');
  await sampleIndex(server, 102, '3000.00');
});
afterAll(async () => {
  await server.close();
});



/** Samples `price` just before the order's expiry, moves past it and lets the scheduler settle. */
async function expireAt(order: BoptionOrder, price: string | null): Promise<void> {
  advanceTo(server, order.expiresAt - 500);
  if (price !== null) await sampleIndex(server, order.symbolId, price);
  advanceTo(server, order.expiresAt + 10);
  await server.app.scheduler.runDue();
}

async function statusOf(user: TestUser, id: number) {
  return boptionCall<BoptionOrder>(server, user, `/boptionorder/status?id=${id}`);
}

/** Per order, the user's and the house's USDT changes in the ledger (every posting of the order's transactions). */
async function ledgerChanges(orderId: number): Promise<{ user: bigint; house: bigint; other: bigint }> {
  const rows = await server.context.db
    .selectFrom('ledger_postings')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_postings.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
    .select(['ledger_accounts.owner_key', 'ledger_postings.amount_units'])
    .where('ledger_transactions.memo', '=', String(orderId))
    .where('ledger_transactions.kind', 'like', '%boption%')
    .execute();
  const changes = { user: 0n, house: 0n, other: 0n };
  for (const row of rows) {
    const key = row.owner_key.startsWith('u:') ? 'user' : row.owner_key === 's:options_house' ? 'house' : 'other';
    changes[key] += row.amount_units;
  }
  return changes;
}

describe('POST /boption/config', () => {
  it('R-API-04 gives the periods, payouts, stakes and the open-order limit of an option symbol, by id or name; the first without one', async () => {
    const config = await boptionCall<BoptionConfig>(server, visitor, '/boption/config?id=101');
    expect(config.errcode).toBe(0);
    expect(config.data).toMatchObject({ symbolId: 101, symbol: 'BTC_USDT', indexSymbolId: 301, currency: 'USDT', openOrdersMax: 20, indexPrice: '60000.00' });
    expect(config.data.periods).toEqual([
      { seconds: 5, payoutRate: '0.85', minStake: '1', maxStake: '10000' },
      { seconds: 30, payoutRate: '0.85', minStake: '1', maxStake: '10000' },
      { seconds: 60, payoutRate: '0.85', minStake: '1', maxStake: '10000' },
      { seconds: 120, payoutRate: '0.8', minStake: '1', maxStake: '10000' },
      { seconds: 300, payoutRate: '0.8', minStake: '1', maxStake: '10000' },
    ]);
    expect((await boptionCall<BoptionConfig>(server, visitor, '/boption/config?id=eth/usdt')).data.symbolId).toBe(102);
    expect((await boptionCall<BoptionConfig>(server, visitor, '/boption/config')).data.symbolId).toBe(101);
    const noIndex = await boptionCall<BoptionConfig>(server, visitor, '/boption/config?id=104');
    expect(noIndex.data).toMatchObject({ indexPrice: null, indexAt: null });
  });

  it('knows no spot or futures symbol', async () => {
    expect((await boptionCall(server, visitor, '/boption/config?id=301')).errcode).toBe(ERRCODES.symbolNotFound);
    expect((await boptionCall(server, visitor, '/boption/config?id=201')).errcode).toBe(ERRCODES.symbolNotFound);
  });
});

describe('POST /boption/create', () => {
  it('R-API-04 places an option at the index now and holds its stake; a repeat of the key answers the same order', async () => {
    const user = await fundedUser(server);
    const placed = await createOption(server, user, { stake: '25.5', direction: 'down', periodSeconds: 60 }, 'create-repeat-1');
    expect(placed.errcode).toBe(0);
    expect(placed.data).toMatchObject({ symbolId: 101, symbol: 'BTC_USDT', direction: 'down', periodSeconds: 60, stake: '25.500000', payoutRate: '0.85' });
    expect(placed.data).toMatchObject({ status: 'open', openPrice: '60000.00', settlePrice: null, payout: null, profit: null, settledAt: null });
    expect(placed.data.expiresAt - placed.data.openedAt).toBe(60_000);
    expect(await spotUsdt(server, user)).toEqual({ available: 974_500_000n, held: 25_500_000n });
    const repeat = await createOption(server, user, { stake: '25.50', direction: 'down', periodSeconds: 60 }, 'create-repeat-1');
    expect(repeat.data).toEqual(placed.data);
    expect(await spotUsdt(server, user)).toEqual({ available: 974_500_000n, held: 25_500_000n });
    expect((await createOption(server, user, { stake: '26', direction: 'down', periodSeconds: 60 }, 'create-repeat-1')).errcode).toBe(ERRCODES.idempotencyConflict);
    // A retry after an operator raised the minimum still answers its order.
    const periods = server.context.db.updateTable('boption_periods').where('symbol_id', '=', 101n).where('seconds', '=', 60n);
    await periods.set({ min_stake_units: 100_000_000n }).execute();
    try {
      expect((await createOption(server, user, { stake: '25.5', direction: 'down', periodSeconds: 60 }, 'create-repeat-1')).data).toEqual(placed.data);
    } finally {
      await periods.set({ min_stake_units: 1_000_000n }).execute();
    }
  });

  it('needs an Idempotency-Key', async () => {
    const user = await fundedUser(server);
    const response = await callApi(server, 'POST', '/boption/create', { as: user, payload: { symbol: 101, direction: 'up', periodSeconds: 30, stake: '10' } });
    expect(response.json<{ errcode: number }>().errcode).toBe(ERRCODES.idempotencyKeyRequired);
  });

  it('refuses a period not offered, a stake out of bounds or beyond the balance, a symbol without an index, and a visitor', async () => {
    const user = await fundedUser(server, '50');
    expect((await createOption(server, user, { periodSeconds: 45 })).errcode).toBe(ERRCODES.boptionPeriodNotOffered);
    const below = await createOption(server, user, { stake: '0.5' });
    expect(below.errcode).toBe(ERRCODES.boptionStakeBelowMin);
    expect(below.errmsg).toContain('1 USDT');
    expect((await createOption(server, user, { stake: '10000.01' })).errcode).toBe(ERRCODES.boptionStakeAboveMax);
    expect((await createOption(server, user, { stake: '1.0000001' })).errcode).toBe(ERRCODES.invalidAmount);
    expect((await createOption(server, user, { stake: '60' })).errcode).toBe(ERRCODES.insufficientBalance);
    expect((await createOption(server, user, { symbol: 104 })).errcode).toBe(ERRCODES.indexUnavailable);
    expect((await createOption(server, user, { symbol: 302 })).errcode).toBe(ERRCODES.symbolNotFound);
    const visitor = await callApi(server, 'POST', '/boption/create', { payload: { symbol: 101, direction: 'up', periodSeconds: 30, stake: '10' }, headers: { 'idempotency-key': 'visitor-key-1' } });
    expect(visitor.statusCode).toBe(401);
    expect(await spotUsdt(server, user)).toEqual({ available: 50_000_000n, held: 0n });
  });
});

describe('settlement', () => {
  it('a win pays stake x (1 + payout rate) from the options house; a loss pays the stake to it; each sums to zero with the house', async () => {
    const user = await fundedUser(server);
    const up = (await createOption(server, user, { symbol: 102, direction: 'up', periodSeconds: 5, stake: '100' })).data;
    const down = (await createOption(server, user, { symbol: 102, direction: 'down', periodSeconds: 5, stake: '40' })).data;
    await expireAt(down, '3000.01');
    const won = (await statusOf(user, up.id)).data;
    const lost = (await statusOf(user, down.id)).data;
    expect(won).toMatchObject({ status: 'won', settlePrice: '3000.01', payout: '185.000000', profit: '85.000000' });
    expect(lost).toMatchObject({ status: 'lost', settlePrice: '3000.01', payout: '0.000000', profit: '-40.000000' });
    expect(won.settledAt).toBeGreaterThanOrEqual(up.expiresAt);
    expect(await spotUsdt(server, user)).toEqual({ available: 1_045_000_000n, held: 0n });
    expect(await ledgerChanges(up.id)).toEqual({ user: 85_000_000n, house: -85_000_000n, other: 0n });
    expect(await ledgerChanges(down.id)).toEqual({ user: -40_000_000n, house: 40_000_000n, other: 0n });
    expect((await auditLedger(server.context.db)).problems).toEqual([]);
    // The fund details show each settlement as a trade of the spot wallet: +85 and -40; holding a stake moves nothing.
    const details = await callApi(server, 'GET', '/wallets/funddetails?currency=USDT&type=trade', { as: user });
    expect(details.json<{ data: { list: { amount: string }[] } }>().data.list.map((movement) => movement.amount).sort()).toEqual(['-40.000000', '85.000000']);
  });

  it('refunds a tie, and a stake whose expiry has no recorded price (the server was down): status tie', async () => {
    const user = await fundedUser(server);
    const tie = (await createOption(server, user, { symbol: 102, direction: 'up', periodSeconds: 5, stake: '10' })).data;
    await expireAt(tie, tie.openPrice);
    expect((await statusOf(user, tie.id)).data).toMatchObject({ status: 'tie', settlePrice: tie.openPrice, payout: '10.000000', profit: '0.000000' });
    await sampleIndex(server, 102, '3000.00');
    const unpriced = (await createOption(server, user, { symbol: 102, direction: 'down', periodSeconds: 5, stake: '10' })).data;
    await expireAt(unpriced, null);
    expect((await statusOf(user, unpriced.id)).data).toMatchObject({ status: 'tie', settlePrice: null, payout: '10.000000', profit: '0.000000' });
    expect(await spotUsdt(server, user)).toEqual({ available: 1_000_000_000n, held: 0n });
    expect(await ledgerChanges(tie.id)).toEqual({ user: 0n, house: 0n, other: 0n });
    const notifications = await server.context.db.selectFrom('notifications').select(['type', 'params_json']).where('user_id', '=', BigInt(user.userId)).execute();
    expect(notifications.map((row) => [Number(row.type), (JSON.parse(row.params_json) as { outcome: string }).outcome])).toEqual([
      [BOPTION_NOTIFICATION_TYPE, 'tie'],
      [BOPTION_NOTIFICATION_TYPE, 'refunded'],
    ]);
    const listed = await callApi(server, 'POST', '/notification/list', { as: user, payload: {}, headers: { 'accept-language': 'en' } });
    expect(listed.json<{ data: { typeName: string; message: string }[] }>().data.map((entry) => [entry.typeName, entry.message])).toEqual([
      ['other', 'Your 5-second option on ETH/USDT could not be settled: the platform recorded no price at its expiry. The 10 USDT stake is refunded.'],
      ['other', `Your 5-second option on ETH/USDT closed at its open price ${tie.openPrice}: the 10 USDT stake is refunded.`],
    ]);
  });

  it('a late settlement uses the price recorded at the expiry instant, not the price when it runs', async () => {
    const user = await fundedUser(server);
    await sampleIndex(server, 102, '3000.00');
    const order = (await createOption(server, user, { symbol: 102, direction: 'up', periodSeconds: 5, stake: '10' })).data;
    advanceTo(server, order.expiresAt - 500);
    await sampleIndex(server, 102, '2999.00');
    // Long after the expiry the index is far above the open price; the scheduler only now gets to the job.
    advanceTo(server, order.expiresAt + 10 * 60_000);
    await sampleIndex(server, 102, '3500.00');
    await server.app.scheduler.runDue();
    expect((await statusOf(user, order.id)).data).toMatchObject({ status: 'lost', settlePrice: '2999.00' });
  });

  it('settles exactly once with settlers racing the scheduler', async () => {
    const user = await fundedUser(server);
    await sampleIndex(server, 102, '3000.00');
    const order = (await createOption(server, user, { symbol: 102, direction: 'up', periodSeconds: 5, stake: '10' })).data;
    advanceTo(server, order.expiresAt - 500);
    await sampleIndex(server, 102, '3001.00');
    advanceTo(server, order.expiresAt + 10);
    const outcomes = await Promise.all([settleOrder(server.context, order.id), settleOrder(server.context, order.id), server.app.scheduler.runDue(), settleOrder(server.context, order.id)]);
    // The scheduler claims its job whoever settles: of the direct settlers, at most one did.
    expect(outcomes.filter((outcome) => outcome === true).length).toBeLessThanOrEqual(1);
    expect((await statusOf(user, order.id)).data.status).toBe('won');
    const settlements = await server.context.db.selectFrom('ledger_transactions').select('id').where('memo', '=', String(order.id)).where('kind', '=', 'boption:won').execute();
    expect(settlements).toHaveLength(1);
    expect(await spotUsdt(server, user)).toEqual({ available: 1_008_500_000n, held: 0n });
  });
});

describe('the index record', () => {
  it('keeps each sampling round\'s index of the option symbols for a day (the sweep removes older ones)', async () => {
    const { db } = server.context;
    const dayAgo = server.context.now() - INDEX_RETENTION_MS;
    await db.insertInto('boption_index').values({ symbol_id: 101, at: dayAgo - 1_000, price_ticks: 1n }).execute();
    await sampleIndex(server, 101, '61000.25');
    expect((await sweep(server.context)).optionIndex).toBe(1);
    const rows = await db.selectFrom('boption_index').select(['symbol_id', 'at', 'price_ticks']).where('symbol_id', '=', 101n).orderBy('at', 'desc').execute();
    expect(rows[0]!.price_ticks).toBe(6_100_025n);
    expect(rows.some((row) => Number(row.at) < dayAgo)).toBe(false);
    // Symbols without an index (BNB has no reference here) are not recorded.
    expect(await db.selectFrom('boption_index').select('at').where('symbol_id', '=', 104n).execute()).toEqual([]);
  });
});

describe('reading orders', () => {
  it('R-API-04 status, recentOpenOrders and orders answer only the owner; another user\'s order is not found', async () => {
    const owner = await fundedUser(server);
    const stranger = await fundedUser(server);
    await sampleIndex(server, 101, '60000.00');
    await sampleIndex(server, 102, '3000.00');
    const later = (await createOption(server, owner, { symbol: 101, periodSeconds: 120 })).data;
    const sooner = (await createOption(server, owner, { symbol: 102, periodSeconds: 60 })).data;
    expect((await statusOf(stranger, later.id)).errcode).toBe(ERRCODES.boptionOrderNotFound);
    expect((await statusOf(owner, 999_999)).errcode).toBe(ERRCODES.boptionOrderNotFound);
    const open = await boptionCall<BoptionOrder[]>(server, owner, '/boptionorder/recentOpenOrders');
    expect(open.data.map((order) => order.id)).toEqual([sooner.id, later.id]);
    expect((await boptionCall<BoptionOrder[]>(server, owner, '/boptionorder/recentOpenOrders?id=BTC_USDT')).data.map((order) => order.id)).toEqual([later.id]);
    expect((await boptionCall<BoptionOrder[]>(server, stranger, '/boptionorder/recentOpenOrders')).data).toEqual([]);
    expect((await boptionCall(server, null, '/boptionorder/recentOpenOrders')).errcode).toBe(ERRCODES.unauthorized);
  });

  it('R-API-04 orders lists the settled ones newest first, with filters and paging', async () => {
    const user = await fundedUser(server);
    await sampleIndex(server, 102, '3000.00');
    const first = (await createOption(server, user, { symbol: 102, direction: 'up', periodSeconds: 5 })).data;
    const second = (await createOption(server, user, { symbol: 102, direction: 'down', periodSeconds: 5 })).data;
    const third = (await createOption(server, user, { symbol: 102, direction: 'up', periodSeconds: 5 })).data;
    await expireAt(third, '3000.50');
    const open = (await createOption(server, user, { symbol: 102, periodSeconds: 60 })).data;
    const all = await boptionCall<{ total: number; list: BoptionOrder[] }>(server, user, '/boptionorder/orders');
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((order) => order.id)).toEqual([third.id, second.id, first.id]);
    expect(all.data.list.some((order) => order.id === open.id)).toBe(false);
    const page = await boptionCall<{ total: number; list: BoptionOrder[] }>(server, user, '/boptionorder/orders?offset=1&limit=1');
    expect(page.data).toMatchObject({ total: 3 });
    expect(page.data.list.map((order) => order.id)).toEqual([second.id]);
    const won = await boptionCall<{ total: number; list: BoptionOrder[] }>(server, user, '/boptionorder/orders?status=won&symbol=102');
    expect(won.data.list.map((order) => order.id)).toEqual([third.id, first.id]);
    expect((await boptionCall<{ total: number }>(server, user, '/boptionorder/orders?symbol=101')).data.total).toBe(0);
    expect((await boptionCall<{ total: number }>(server, user, `/boptionorder/orders?from=${third.openedAt + 1}`)).data.total).toBe(0);
  });
});
