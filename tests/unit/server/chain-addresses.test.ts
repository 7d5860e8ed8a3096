/**
 * Proves the chain area's reference data and addresses: POST /blockchain/config answers every coin
 * with its networks and their figures as decimal strings in the currency's scale, and
 * POST /blockchain/get_coin_address gives each user one address per coin and network in the
 * network's format, the same on every call (however many first calls race) and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockchainConfig } from '../../../src/shared/api/chain';
import { ERRCODES } from '../../../src/shared/errcodes';
import { createTestUser } from '../../helpers/auth';
import { coinAddress, type Answer } from '../../helpers/chain';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { startSession } from '../../helpers/signin';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Read by a visitor: the coins are public, like the currencies. */
async function config(): Promise<BlockchainConfig> {
  const visitor = await startSession(server);
  const answer: Answer<BlockchainConfig> = (await callApi(server, 'POST', '/blockchain/config', { as: visitor, payload: {} })).json();
  expect(answer.errcode).toBe(0);
  return answer.data;
}

describe('POST /blockchain/config', () => {
  it('R-API-03 lists every coin with its networks, confirmations, minimums, fees and address format (spec 3: supportedCoins, each with currency)', async () => {
    const { supportedCoins } = await config();
    expect(supportedCoins.map((coin) => coin.currency)).toEqual(['USDT', 'USDC', 'BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE', 'TRX', 'LTC']);
    const usdt = supportedCoins.find((coin) => coin.currency === 'USDT');
    expect(usdt?.networks.map((network) => network.network)).toEqual(['TRC20', 'ERC20']);
    expect(usdt?.networks[0]).toEqual({
      network: 'TRC20',
      name: 'TRON (TRC20)',
      confirmations: 6,
      depositMin: '1.000000',
      withdrawFee: '1.000000',
      withdrawMin: '10.000000',
      withdrawMax: '100000.000000',
      addressRegex: expect.any(String),
      depositEnabled: true,
      withdrawEnabled: true,
    });
    const btc = supportedCoins.find((coin) => coin.currency === 'BTC')?.networks[0];
    expect(btc).toMatchObject({ network: 'BTC', depositMin: '0.00010000', confirmations: 2 });
  });
});

describe('POST /blockchain/get_coin_address', () => {
  it('R-API-03 answers one address per coin and network in the network\'s format, the same on every call, even when 20 first calls race', async () => {
    const user = await createTestUser(server);
    const { supportedCoins } = await config();
    const answers = await Promise.all(Array.from({ length: 20 }, () => coinAddress(server, user, 'USDT', 'ERC20')));
    const addresses = new Set(answers.map((answer) => answer.data.address));
    expect(addresses.size).toBe(1);
    const [address = ''] = addresses;
    expect((await coinAddress(server, user, 'usdt', 'erc20')).data).toEqual({ coin: 'USDT', network: 'ERC20', address });
    for (const coin of supportedCoins) {
      for (const network of coin.networks) {
        const answer = await coinAddress(server, user, coin.currency, network.network);
        expect(answer.errcode).toBe(0);
        expect(answer.data.address).toMatch(new RegExp(network.addressRegex));
      }
    }
    // Without a network: the coin's first one.
    expect((await coinAddress(server, user, 'USDT')).data.network).toBe('TRC20');
  });

  it('gives every user an address of their own', async () => {
    const first = await createTestUser(server);
    const second = await createTestUser(server);
    const [a, b] = await Promise.all([coinAddress(server, first, 'BTC'), coinAddress(server, second, 'BTC')]);
    expect(a.data.address).not.toBe(b.data.address);
  });

  it('refuses a coin on a network it does not move on, and a visitor', async () => {
    const user = await createTestUser(server);
    expect((await coinAddress(server, user, 'BTC', 'TRC20')).errcode).toBe(ERRCODES.coinNotSupported);
    expect((await coinAddress(server, user, 'NOPE')).errcode).toBe(ERRCODES.coinNotSupported);
    const visitor = await callApi(server, 'POST', '/blockchain/get_coin_address?coin=USDT', { as: await startSession(server), payload: {} });
    expect(visitor.statusCode).toBe(401);
  });
});
