/**
 * Proves that a user cannot move the futures mark with their own spot orders: large orders that
 * sweep the underlying spot book and hold it 10 % away leave POST /futures/config's markPrice
 * where the index says, with a reference feed and with the book's median alone, and a position
 * opened meanwhile enters at the mark, not at the pushed book.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FuturesPosition, FuturesSymbolConfig } from '../../../src/shared/api/futures';
import { BOOK_SAMPLES_MIN, SAMPLE_INTERVAL_MS } from '../../../server/prices/index-price';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { BTC_FUTURES, BTC_SPOT, createRaw, fundFuturesAccounts, futuresUser } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

async function post<T>(user: TestUser, url: string, payload: unknown = {}): Promise<{ errcode: number; data: T }> {
  const response = await callApi(server, 'POST', url, { as: user, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The mark everyone reads (asked by the attacker: the answer is the same for every caller). */
async function markPrice(asker: TestUser): Promise<string | null> {
  const answer = await post<{ symbols: FuturesSymbolConfig[] }>(asker, `/futures/config?id=${BTC_FUTURES}`);
  return answer.data.symbols[0]!.markPrice;
}

async function spotOrder(user: TestUser, side: 'buy' | 'sell', price: string, quantity: string): Promise<void> {
  const answer = await post(user, '/exchange/create', { symbol: 'BTC_USDT', side, type: 'limit', price, quantity });
  expect(answer.errcode).toBe(0);
}

/** A maker quoting 60,000 +/- 10 and an attacker with the money to push the book. */
async function market(): Promise<{ maker: TestUser; attacker: TestUser }> {
  server = await buildTestServer({ demoMode: false });
  // The test samples by hand, on its own clock: the one-second timer would add samples of its own.
  server.app.prices.stop();
  await fundFuturesAccounts(server);
  const maker = await createTestUser(server);
  const attacker = await futuresUser(server, '10000');
  await creditUser(server, maker.userId, 'BTC', '10');
  await creditUser(server, maker.userId, 'USDT', '1000000');
  await creditUser(server, attacker.userId, 'USDT', '1000000');
  await spotOrder(maker, 'buy', '59990', '1');
  await spotOrder(maker, 'sell', '60010', '1');
  return { maker, attacker };
}

/** Sweeps the asks and holds a tight book at 66,000-66,100: 10 % above the price. */
async function pushBook(attacker: TestUser): Promise<void> {
  await spotOrder(attacker, 'buy', '66000', '2');
  await spotOrder(attacker, 'sell', '66100', '0.5');
  const best = server.app.engine.bestPrices(BTC_SPOT);
  expect(best).toEqual({ bid: '66000.00', ask: '66100.00' });
}

function sampleFor(seconds: number): void {
  for (let second = 0; second < seconds; second += 1) {
    server.advance(SAMPLE_INTERVAL_MS);
    server.app.prices.sample();
  }
}

describe('the futures mark and spot orders', () => {
  it('follows the reference feed, not a book a user pushes', async () => {
    const { attacker } = await market();
    server.app.prices.setReference(BTC_SPOT, 6_000_000n);
    expect(await markPrice(attacker)).toBe('60000.0');
    await pushBook(attacker);
    sampleFor(30);
    server.app.prices.setReference(BTC_SPOT, 6_000_000n);
    expect(await markPrice(attacker)).toBe('60000.0');
    // A short opened now enters at the mark less the spread (0.02 %), nowhere near the pushed book.
    const opened = (await createRaw(server, attacker, { symbol: 'BTC_USDT', side: 'short', leverage: 10, margin: '100' })).json<{ errcode: number; data: FuturesPosition }>();
    expect(opened.errcode).toBe(0);
    expect(opened.data.entryPrice).toBe('59988.0');
  });

  it('keeps the median of the book when a user holds it away for less than half the window', async () => {
    const { attacker } = await market();
    sampleFor(BOOK_SAMPLES_MIN);
    expect(await markPrice(attacker)).toBe('60000.0');
    await pushBook(attacker);
    sampleFor(BOOK_SAMPLES_MIN / 2);
    expect(await markPrice(attacker)).toBe('60000.0');
    // The mark does come from this book: held in the open for more than half the samples, it moves.
    sampleFor(BOOK_SAMPLES_MIN / 2 + 1);
    expect(await markPrice(attacker)).toBe('66050.0');
  });
});
