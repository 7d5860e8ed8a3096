/**
 * Proves the operator's configuration of issue 21 through the operator API: roles (a grant by a
 * non-operator is refused), a market added at runtime that trades at once with its fees reaching
 * the fee account, suspension (new orders refused, cancels allowed), delisting (every hold
 * released, the audit clean), fee tiers by VIP level, changes that apply without a restart, coins,
 * networks and platform limits, and the audit log of every change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemBalance } from '../../../server/ledger/ledger';
import { ERRCODES } from '../../../src/shared/errcodes';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

type Payload = Record<string, unknown>;

async function call(method: 'GET' | 'POST', url: string, options: { as?: TestUser; payload?: Payload } = {}) {
  const headers: Record<string, string> = options.as ? {} : { authorization: `Bearer ${server.context.adminToken}` };
  const response = await callApi(server, method, url, { as: options.as ?? null, headers, payload: options.payload ?? (method === 'POST' ? {} : undefined) });
  // The envelope as JSON: tests read its fields and match their shapes.
  return response.json();
}
const admin = (method: 'GET' | 'POST', url: string, payload?: Payload) => call(method, url, { payload });
const order = (user: TestUser, payload: Payload) => call('POST', '/exchange/create', { as: user, payload: { type: 'limit', ...payload } });

/** A user's spot balance of a currency in units: available and held. */
async function spot(user: TestUser, currency: string): Promise<{ available: bigint; held: bigint }> {
  const rows = await server.context.db
    .selectFrom('ledger_accounts')
    .select(['bucket', 'balance_units'])
    .where('owner_key', '=', `u:${user.userId}`)
    .where('wallet', '=', 'spot')
    .where('currency', '=', currency)
    .execute();
  const of = (bucket: string) => rows.find((row) => row.bucket === bucket)?.balance_units ?? 0n;
  return { available: of('available'), held: of('held') };
}

const fees = (currency: string) => systemBalance(server.context.db, 'fees', currency);

async function lastAudit() {
  return (await admin('GET', '/operator/auditlog?limit=1')).data.entries[0];
}

describe('operator roles', () => {
  it('refuses a grant by a non-operator, grants from the admin token and from an operator, and logs each', async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    expect((await call('POST', '/operator/role', { as: user, payload: { email: other.email, operator: true } })).errcode).toBe(ERRCODES.operatorOnly);

    const granted = await admin('POST', '/operator/role', { email: user.email.toUpperCase(), operator: true });
    expect(granted).toMatchObject({ errcode: 0, data: { id: user.userId, role: 'operator' } });
    expect(await lastAudit()).toMatchObject({ actor: null, action: 'role.grant', before: { role: 'user' }, after: { role: 'operator' } });

    // The role applies to the open session at once: no restart, no new sign-in.
    expect((await call('POST', '/operator/role', { as: user, payload: { email: other.email, operator: true } })).data).toMatchObject({ role: 'operator' });
    expect(await lastAudit()).toMatchObject({ actor: user.email, action: 'role.grant', target: `account ${other.userId} ${other.email}` });

    expect((await call('POST', '/operator/role', { as: user, payload: { email: user.email, operator: false } })).errcode).toBe(ERRCODES.operatorSelfRevoke);
    expect((await call('POST', '/operator/role', { as: user, payload: { email: other.email, operator: false } })).data).toMatchObject({ role: 'user' });
    expect((await call('GET', '/operator/auditlog', { as: other })).errcode).toBe(ERRCODES.operatorOnly);
    expect((await admin('POST', '/operator/role', { email: 'nobody@example.com', operator: true })).errcode).toBe(ERRCODES.accountNotFound);
  });
});

describe('a market added at runtime', () => {
  let alice: TestUser;
  let bob: TestUser;
  let marketId: number;
  beforeAll(async () => {
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });

  it('refuses what it cannot add: an unknown currency without its scale, precisions above the scales, a market that exists', async () => {
    const base = { quote: 'USDT', pricePrecision: 4, volumePrecision: 2, minOrderValue: '1' };
    expect((await admin('POST', '/operator/markets/add', { ...base, base: 'NEWC' })).errcode).toBe(ERRCODES.currencyScaleRequired);
    expect((await admin('POST', '/operator/markets/add', { ...base, base: 'BTC' })).errcode).toBe(ERRCODES.marketExists);
    const tooFine = await admin('POST', '/operator/markets/add', { ...base, base: 'LTC', quote: 'USDC', pricePrecision: 7 });
    expect(tooFine).toMatchObject({ errcode: 400, fields: { pricePrecision: expect.stringContaining('at most 6') } });
  });

  it('trades at once, is listed and watchable, and its fees reach the fee account', async () => {
    const added = await admin('POST', '/operator/markets/add', {
      base: 'newc',
      quote: 'USDT',
      baseScale: 8,
      pricePrecision: 4,
      volumePrecision: 2,
      minOrderValue: '5',
      makerFeePpm: 2_000,
      takerFeePpm: 3_000,
    });
    expect(added).toMatchObject({ errcode: 0, data: { symbol: 'NEWC_USDT', status: 'active', makerFeePpm: 2000, takerFeePpm: 3000, minOrderValue: '5' } });
    marketId = added.data.id;
    expect(await lastAudit()).toMatchObject({ action: 'market.add', target: `market ${marketId} NEWC_USDT`, before: null });

    const symbols = (await call('GET', '/quotation/symbols', { as: alice })).data as { id: number; symbol: string }[];
    expect(symbols.find((symbol) => symbol.id === marketId)).toMatchObject({ symbol: 'NEWC_USDT' });
    expect(server.app.engine.symbol(marketId)).toMatchObject({ symbol: 'NEWC_USDT' });

    await creditUser(server, alice.userId, 'NEWC', '100');
    await creditUser(server, bob.userId, 'USDT', '1000');
    expect((await order(alice, { symbol: 'NEWC_USDT', side: 'sell', price: '2', quantity: '1' })).errcode).toBe(ERRCODES.orderValueTooSmall);
    const feesBefore = { usdt: await fees('USDT'), newc: await fees('NEWC') };
    expect((await order(alice, { symbol: 'NEWC_USDT', side: 'sell', price: '2', quantity: '10' })).data).toMatchObject({ status: 'open' });
    expect((await order(bob, { symbol: marketId, side: 'buy', price: '2', quantity: '10' })).data).toMatchObject({ status: 'filled', fee: '0.03000000', feeCurrency: 'NEWC' });
    // 20 USDT: the maker (seller) pays 0.2 % of it, the taker (buyer) 0.3 % of 10 NEWC.
    expect((await fees('USDT')) - feesBefore.usdt).toBe(40_000n);
    expect((await fees('NEWC')) - feesBefore.newc).toBe(3_000_000n);
    const quote = await call('GET', `/quotation/full_quote?id=${marketId}`);
    expect(quote.data.quote).toMatchObject({ c: '2.0000' });
  });

  it('applies a fee change to the next trade without a restart, and fee tiers by VIP level', async () => {
    expect((await admin('POST', `/operator/markets/update?id=${marketId}`, { takerFeePpm: 500 })).data.market).toMatchObject({ takerFeePpm: 500 });
    expect((await order(alice, { symbol: marketId, side: 'sell', price: '2', quantity: '10' })).errcode).toBe(0);
    expect((await order(bob, { symbol: marketId, side: 'buy', price: '2', quantity: '10' })).data).toMatchObject({ fee: '0.00500000' });

    const tiers = [{ vipLevel: 1, makerFeePpm: 0, takerFeePpm: 200 }, { vipLevel: 5, makerFeePpm: 5_000, takerFeePpm: 5_000 }];
    expect((await admin('POST', '/operator/feetiers', { tiers })).data).toEqual(tiers);
    expect((await admin('POST', `/operator/users/update?id=${alice.userId}`, { vipLevel: 6 })).errcode).toBe(0);
    expect((await admin('POST', `/operator/users/update?id=${bob.userId}`, { vipLevel: 2 })).errcode).toBe(0);
    const feesBefore = await fees('USDT');
    expect((await order(alice, { symbol: marketId, side: 'sell', price: '2', quantity: '10' })).errcode).toBe(0);
    // Bob (VIP 2) takes tier 1's 0.02 %; Alice (VIP 6) is in tier 5, whose 0.5 % is above the market's 0.2 %: a tier never raises a fee.
    expect((await order(bob, { symbol: marketId, side: 'buy', price: '2', quantity: '10' })).data).toMatchObject({ fee: '0.00200000' });
    expect((await fees('USDT')) - feesBefore).toBe(40_000n);
    // The order form's estimate reads the rates the engine just charged: each caller's own, a visitor's at VIP 0.
    const rates = async (as: TestUser | null) => (await callApi(server, 'GET', `/exchange/fees?symbol=${marketId}`, { as })).json();
    expect((await rates(bob)).data).toEqual({ symbolId: marketId, makerFeePpm: 0, takerFeePpm: 200, vipLevel: 2 });
    expect((await rates(alice)).data).toEqual({ symbolId: marketId, makerFeePpm: 2_000, takerFeePpm: 500, vipLevel: 6 });
    expect((await rates(null)).data).toEqual({ symbolId: marketId, makerFeePpm: 2_000, takerFeePpm: 500, vipLevel: 0 });
    expect((await callApi(server, 'GET', '/exchange/fees?symbol=NOPE_USDT', { as: null })).json()).toMatchObject({ errcode: ERRCODES.symbolNotFound });
    expect((await admin('GET', '/operator/feetiers')).data).toEqual(tiers);
    await admin('POST', '/operator/feetiers', { tiers: [] });
  });

  it('suspends: new orders are refused with a clear errcode, cancels are allowed; resume takes orders again', async () => {
    const resting = (await order(alice, { symbol: marketId, side: 'sell', price: '3', quantity: '5' })).data;
    const suspended = await admin('POST', `/operator/markets/update?id=${marketId}`, { status: 'suspended' });
    expect(suspended.data).toMatchObject({ market: { status: 'suspended' }, cancelledOrders: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'market.suspend', before: { status: 'active' }, after: { status: 'suspended' } });
    const refused = await order(bob, { symbol: marketId, side: 'buy', price: '3', quantity: '5' });
    expect(refused).toMatchObject({ errcode: ERRCODES.marketSuspended, errmsg: expect.stringContaining('suspended') });
    expect((await call('POST', `/exchange/cancelorder?id=${resting.id}`, { as: alice })).data).toMatchObject({ status: 'cancelled' });
    expect((await spot(alice, 'NEWC')).held).toBe(0n);
    // Still listed while suspended.
    expect(((await call('GET', '/quotation/symbols')).data as { id: number }[]).some((symbol) => symbol.id === marketId)).toBe(true);
    await admin('POST', `/operator/markets/update?id=${marketId}`, { status: 'active' });
    expect(await lastAudit()).toMatchObject({ action: 'market.resume' });
    expect((await order(alice, { symbol: marketId, side: 'sell', price: '3', quantity: '5' })).data).toMatchObject({ status: 'open' });
  });

  it('delists: every open order is cancelled with its hold released, the market leaves the lists, and the audit stays clean', async () => {
    expect((await order(bob, { symbol: marketId, side: 'buy', price: '1.5', quantity: '10' })).data).toMatchObject({ status: 'open' });
    expect((await spot(alice, 'NEWC')).held).toBeGreaterThan(0n);
    expect((await spot(bob, 'USDT')).held).toBeGreaterThan(0n);
    const delisted = await admin('POST', `/operator/markets/update?id=${marketId}`, { status: 'delisted' });
    expect(delisted.data).toMatchObject({ market: { status: 'delisted' }, cancelledOrders: 2 });
    for (const [user, currency] of [[alice, 'NEWC'], [bob, 'USDT'], [alice, 'USDT'], [bob, 'NEWC']] as const) expect((await spot(user, currency)).held).toBe(0n);
    expect(await lastAudit()).toMatchObject({ action: 'market.delist', after: { status: 'delisted', cancelledOrders: 2 } });
    expect((await call('POST', '/exchange/activeorders', { as: alice })).data).toEqual([]);
    expect(((await call('GET', '/quotation/symbols')).data as { id: number }[]).some((symbol) => symbol.id === marketId)).toBe(false);
    expect((await order(alice, { symbol: marketId, side: 'sell', price: '3', quantity: '5' })).errcode).toBe(ERRCODES.symbolNotFound);
    expect((await admin('POST', `/operator/markets/update?id=${marketId}`, { status: 'active' })).errcode).toBe(ERRCODES.marketDelisted);
    // The order history still reads, with the delisting as the reason.
    const history = (await call('POST', '/exchange/orders', { as: bob, payload: { status: 'cancelled' } })).data;
    expect(history.list[0]).toMatchObject({ symbol: 'NEWC_USDT', cancelReason: 'delisted' });
    expect((await admin('GET', '/operator/audit')).data).toMatchObject({ ok: true, problems: [] });
    expect((await admin('GET', '/operator/markets')).data.find((market: { id: number }) => market.id === marketId)).toMatchObject({ status: 'delisted' });
  });
});

describe('coins, networks and platform limits', () => {
  it('switches deposits off and changes a coin\'s figures; the deposit config shows it at once', async () => {
    const coins = (await admin('GET', '/operator/coins')).data;
    const coin = coins.coins[0];
    const changed = await admin('POST', `/operator/coins/update?currency=${coin.currency}&network=${coin.network}`, { depositEnabled: false, withdrawFee: '1.5' });
    expect(changed.data).toMatchObject({ depositEnabled: false, withdrawFee: '1.5' });
    const config = (await call('POST', '/blockchain/config')).data.supportedCoins as { currency: string; networks: { network?: string; id?: string; depositEnabled: boolean }[] }[];
    const shown = config.find((item) => item.currency === coin.currency)!.networks.find((network) => (network.network ?? network.id) === coin.network)!;
    expect(shown.depositEnabled).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: 'coin.update', before: { depositEnabled: true }, after: { depositEnabled: false } });
    expect((await admin('POST', `/operator/coins/update?currency=${coin.currency}&network=${coin.network}`, { withdrawMin: '999999999' })).errcode).toBe(400);
    expect((await admin('POST', '/operator/coins/update?currency=BTC&network=TRC20', { depositEnabled: true })).errcode).toBe(ERRCODES.coinNotFound);

    const network = coins.networks[0];
    expect((await admin('POST', `/operator/networks/update?id=${network.id}`, { confirmations: 7 })).data).toMatchObject({ id: network.id, confirmations: 7 });
    expect((await admin('POST', '/operator/networks/update?id=NOPE', { confirmations: 7 })).errcode).toBe(ERRCODES.networkNotFound);
  });

  it('sets floors no higher than the balance, and the futures and option limits the areas read', async () => {
    expect((await admin('POST', '/operator/limits/floor', { account: 'house', currency: 'USDT', floor: '10' })).fields).toMatchObject({ floor: 'above what the account holds' });
    const floors = (await admin('POST', '/operator/limits/floor', { account: 'house', currency: 'USDT', floor: '0' })).data.floors;
    expect(floors).toContainEqual({ account: 'house', currency: 'USDT', balance: '0', floor: '0' });

    const limits = (await admin('GET', '/operator/limits')).data;
    const futures = limits.futures[0];
    const after = (await admin('POST', `/operator/limits/futures?id=${futures.symbolId}`, { userNotionalMax: '1234' })).data;
    expect(after.futures[0]).toMatchObject({ symbolId: futures.symbolId, userNotionalMax: '1234' });
    const futuresConfig = (await call('POST', '/futures/config')).data;
    expect(JSON.stringify(futuresConfig)).toContain('1234');

    const option = limits.options[0];
    const changed = await admin('POST', `/operator/limits/options?id=${option.symbolId}&seconds=${option.seconds}`, { maxStake: '50', minStake: '2' });
    expect(changed.data.options[0]).toMatchObject({ minStake: '2', maxStake: '50' });
    expect((await admin('POST', `/operator/limits/options?id=${option.symbolId}&seconds=${option.seconds}`, { minStake: '60' })).errcode).toBe(400);
    expect((await admin('POST', `/operator/limits/options?id=${option.symbolId}&seconds=7`, { minStake: '1' })).errcode).toBe(ERRCODES.boptionPeriodNotOffered);
    expect(await lastAudit()).toMatchObject({ action: 'limit.options' });
  });

  it('never leaves a minimum above the maximum when two operators raise one and lower the other at once', async () => {
    const coin = (await admin('GET', '/operator/coins')).data.coins[1];
    const coinPath = `/operator/coins/update?currency=${coin.currency}&network=${coin.network}`;
    const option = (await admin('GET', '/operator/limits')).data.options[1];
    const optionPath = `/operator/limits/options?id=${option.symbolId}&seconds=${option.seconds}`;
    for (let round = 0; round < 5; round += 1) {
      await admin('POST', coinPath, { withdrawMin: '10', withdrawMax: '1000' });
      const coinEdits = await Promise.all([admin('POST', coinPath, { withdrawMin: '500' }), admin('POST', coinPath, { withdrawMax: '100' })]);
      expect(coinEdits.map((edit) => edit.errcode).sort()).toEqual([0, 400]);
      const stored = (await admin('GET', '/operator/coins')).data.coins.find((entry: { currency: string; network: string }) => entry.currency === coin.currency && entry.network === coin.network);
      expect(Number(stored.withdrawMin)).toBeLessThanOrEqual(Number(stored.withdrawMax));

      await admin('POST', optionPath, { minStake: '1', maxStake: '1000' });
      const optionEdits = await Promise.all([admin('POST', optionPath, { minStake: '500' }), admin('POST', optionPath, { maxStake: '100' })]);
      expect(optionEdits.map((edit) => edit.errcode).sort()).toEqual([0, 400]);
      const limits = (await admin('GET', '/operator/limits')).data.options.find((entry: { symbolId: number; seconds: number }) => entry.symbolId === option.symbolId && entry.seconds === option.seconds);
      expect(Number(limits.minStake)).toBeLessThanOrEqual(Number(limits.maxStake));
    }
  });

  it('funds a paying platform account from genesis and takes money back out, never below its floor, once per idempotency key', async () => {
    const fund = (payload: Payload, key: string | null, as?: TestUser) =>
      callApi(server, 'POST', '/operator/limits/fund', {
        as: as ?? null,
        headers: { ...(as ? {} : { authorization: `Bearer ${server.context.adminToken}` }), ...(key === null ? {} : { 'idempotency-key': key }) },
        payload,
      }).then((response) => response.json());
    const rewards = () => systemBalance(server.context.db, 'rewards', 'USDT');
    const genesis = () => systemBalance(server.context.db, 'genesis', 'USDT');
    const [rewardsBefore, genesisBefore] = [await rewards(), await genesis()];
    const deposit = { account: 'rewards', currency: 'USDT', amount: '1000', direction: 'in', memo: 'launch budget' };

    const user = await createTestUser(server);
    expect((await fund(deposit, 'fund-by-a-user', user)).errcode).toBe(ERRCODES.operatorOnly);
    expect((await fund(deposit, null)).errcode).toBe(ERRCODES.idempotencyKeyRequired);
    expect((await fund({ ...deposit, amount: '-5' }, 'fund-negative')).errcode).toBe(400);
    expect((await fund({ ...deposit, account: 'genesis' }, 'fund-genesis')).errcode).toBe(400);

    const first = await fund(deposit, 'fund-launch-1');
    expect(first.errcode).toBe(0);
    expect(first.data.floors).toContainEqual(expect.objectContaining({ account: 'rewards', currency: 'USDT' }));
    // The same key and request: the first answer again, and the money moved once.
    expect(await fund(deposit, 'fund-launch-1')).toEqual(first);
    expect((await rewards()) - rewardsBefore).toBe(1_000_000_000n);
    expect((await genesis()) - genesisBefore).toBe(-1_000_000_000n);
    expect(await lastAudit()).toMatchObject({ action: 'limit.fund', target: 'account rewards USDT', after: { amount: '1000', memo: 'launch budget' } });

    // Out: never below the floor the operator set.
    expect((await admin('POST', '/operator/limits/floor', { account: 'rewards', currency: 'USDT', floor: '600' })).errcode).toBe(0);
    const floorUnits = 600_000_000n;
    const tooMuch = ((await rewards()) - floorUnits) / 1_000_000n + 1n;
    expect((await fund({ ...deposit, direction: 'out', amount: String(tooMuch), memo: 'too much' }, 'defund-too-much')).errcode).toBe(ERRCODES.platformLimitReached);
    expect((await fund({ ...deposit, direction: 'out', amount: '300', memo: 'back to treasury' }, 'defund-1')).errcode).toBe(0);
    expect((await rewards()) - rewardsBefore).toBe(700_000_000n);
    expect(await lastAudit()).toMatchObject({ action: 'limit.defund', after: { amount: '300', memo: 'back to treasury' } });
    await admin('POST', '/operator/limits/floor', { account: 'rewards', currency: 'USDT', floor: '0' });
    expect((await admin('GET', '/operator/audit')).data).toMatchObject({ ok: true, problems: [] });
  });
});
