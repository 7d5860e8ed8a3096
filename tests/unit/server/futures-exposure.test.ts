/**
 * Proves the futures exposure totals (futures_exposure, migration 0014), which the create path's
 * limits read instead of every live position, always equal a recount of the live positions: after
 * random market and limit opens, owner closes and cancels, close-alls, and marks that fire limit
 * triggers, take-profits, stop-losses and liquidations; and again after a restart on the same
 * database, with the risk book rebuilt and more of the same afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../../../server/engine/price-walk';
import type { FuturesPosition } from '../../../src/shared/api/futures';
import type { TestUser } from '../../helpers/auth';
import { BTC_SPOT, createRaw, DOGE_SPOT, fundFuturesAccounts, futuresUser, markAndSettle } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futures-exposure-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The two markets walked, with their spot price now and the decimals of a spot price and of a futures price. */
const MARKETS = [
  { symbol: 'BTC_USDT', spotId: BTC_SPOT, price: 60_000, decimals: 2, futuresDecimals: 1, volumes: ['0.001', '0.01', '0.05'] },
  { symbol: 'DOGE_USDT', spotId: DOGE_SPOT, price: 0.15, decimals: 6, futuresDecimals: 5, volumes: ['100', '1000', '5000'] },
];
const LEVERAGES = [5, 20, 20];
const HIGH_LEVERAGES: Record<string, number> = { BTC_USDT: 100, DOGE_USDT: 20 };

type Totals = Record<string, [string, string, string]>;

/** symbol:side -> [pending lots, open lots, open entry value], leaving out sides with nothing live. */
function keyed(rows: Array<{ symbol_id: bigint; side: string; pending: bigint; open: bigint; value: bigint }>): Totals {
  const totals: Totals = {};
  for (const row of rows) {
    if (row.pending === 0n && row.open === 0n && row.value === 0n) continue;
    totals[`${row.symbol_id}:${row.side}`] = [String(row.pending), String(row.open), String(row.value)];
  }
  return totals;
}

async function storedTotals(server: TestServer): Promise<Totals> {
  const rows = await server.context.db
    .selectFrom('futures_exposure')
    .select(['symbol_id', 'side', 'pending_lots as pending', 'open_lots as open', 'open_entry_value as value'])
    .execute();
  return keyed(rows);
}

/** The same figures added up from every position, as the create path once did on each create. */
async function recount(server: TestServer): Promise<Totals> {
  const positions = await server.context.db
    .selectFrom('futures_positions')
    .select(['symbol_id', 'side', 'status', 'volume_lots', 'entry_ticks'])
    .where('status', 'in', ['pending', 'open'])
    .execute();
  const sums = new Map<string, { symbol_id: bigint; side: string; pending: bigint; open: bigint; value: bigint }>();
  for (const position of positions) {
    const key = `${position.symbol_id}:${position.side}`;
    const sum = sums.get(key) ?? { symbol_id: position.symbol_id, side: position.side, pending: 0n, open: 0n, value: 0n };
    if (position.status === 'pending') sum.pending += position.volume_lots;
    else {
      sum.open += position.volume_lots;
      sum.value += position.volume_lots * position.entry_ticks!;
    }
    sums.set(key, sum);
  }
  return keyed([...sums.values()]);
}

function pick<T>(random: Random, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

/** A random order of a random user: market or limit 0.2-2 % away, sometimes at the highest leverage (to be liquidated), sometimes with stop points. */
async function randomOrder(server: TestServer, random: Random, users: TestUser[]): Promise<void> {
  const market = pick(random, MARKETS);
  const side = random() < 0.5 ? 'long' : 'short';
  const favour = side === 'long' ? 1 : -1;
  const price = (share: number) => (market.price * (1 + share)).toFixed(market.futuresDecimals);
  const body: Record<string, unknown> = {
    symbol: market.symbol,
    side,
    leverage: random() < 0.3 ? HIGH_LEVERAGES[market.symbol] : pick(random, LEVERAGES),
    volume: pick(random, market.volumes),
  };
  if (random() < 0.3) Object.assign(body, { type: 'limit', triggerPrice: price(-favour * (0.002 + random() * 0.018)) });
  if (random() < 0.3) body.takeProfit = price(favour * (0.03 + random() * 0.02));
  if (random() < 0.2) body.stopLoss = price(-favour * 0.004);
  // Refusals (a stop-loss past liquidation, a limit) are part of the walk: they must leave the totals as they were.
  await createRaw(server, pick(random, users), body);
}

/** A user's close of one of their live positions (a cancel while pending), or now and then all of them. */
async function randomClose(server: TestServer, random: Random, users: TestUser[]): Promise<void> {
  const user = pick(random, users);
  if (random() < 0.1) {
    await callApi(server, 'POST', '/futures/closeall', { as: user });
    return;
  }
  const live = (await callApi(server, 'POST', '/futures/orders?scope=open&limit=100', { as: user })).json().data.list as FuturesPosition[];
  if (live.length > 0) await callApi(server, 'POST', `/futures/closeorder?id=${pick(random, live).id}`, { as: user });
}

/** `rounds` of orders, closes and a move of both marks (a gap of 1-2 % one round in six), checking the totals after each. */
async function walk(server: TestServer, random: Random, users: TestUser[], rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (let order = 0; order < 4; order += 1) await randomOrder(server, random, users);
    if (random() < 0.6) await randomClose(server, random, users);
    for (const market of MARKETS) {
      const gap = random() < 1 / 6 ? (random() < 0.5 ? -1 : 1) * (0.01 + random() * 0.01) : 0;
      market.price *= 1 + gap + (random() - 0.5) * 0.008;
      await markAndSettle(server, market.spotId, market.price.toFixed(market.decimals));
    }
    expect(await storedTotals(server)).toEqual(await recount(server));
  }
}

async function reasonsClosed(server: TestServer): Promise<Record<string, number>> {
  const rows = await server.context.db
    .selectFrom('futures_positions')
    .select((eb) => ['status', 'close_reason', 'type', eb.fn.countAll<bigint>().as('count')])
    .groupBy(['status', 'close_reason', 'type'])
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.type}:${row.status}:${row.close_reason ?? '-'}`, Number(row.count)]));
}

describe('futures exposure totals', () => {
  it('equal a recount of the live positions after random opens, closes, cancels, triggers and liquidations, and after a restart', async () => {
    const random = createRandom(1_714);
    let server = await buildTestServer({ demoMode: false, dataDir });
    const users: TestUser[] = [];
    try {
      server.app.prices.stop();
      await fundFuturesAccounts(server, '10000000', '100000');
      for (const market of MARKETS) await markAndSettle(server, market.spotId, market.price.toFixed(market.decimals));
      for (let index = 0; index < 5; index += 1) users.push(await futuresUser(server, '100000'));
      await walk(server, random, users, 40);
    } finally {
      await server.close();
    }

    server = await buildTestServer({ demoMode: false, dataDir });
    try {
      server.app.prices.stop();
      expect(await storedTotals(server)).toEqual(await recount(server));
      await walk(server, random, users, 20);
      const happened = await reasonsClosed(server);
      // The walk went through every step that moves the totals.
      expect(happened['limit:cancelled:user'], JSON.stringify(happened)).toBeGreaterThan(0);
      for (const reason of ['user', 'takeProfit', 'stopLoss', 'liquidation']) {
        expect((happened[`market:closed:${reason}`] ?? 0) + (happened[`limit:closed:${reason}`] ?? 0), `${reason}: ${JSON.stringify(happened)}`).toBeGreaterThan(0);
      }
      const limitsOpened = await server.context.db.selectFrom('futures_positions').select('id').where('type', '=', 'limit').where('opened_at', 'is not', null).execute();
      expect(limitsOpened.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    // Some 500 HTTP calls and recounts: about 45 s on PostgreSQL on a busy machine, past the default minute under load.
  }, 180_000);
});
