/** Proves the seeded currencies and symbols and GET /quotation/symbols: every spec-3 field, the order, and test-only symbols shown to test accounts only. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symbolsCall, type MarketSymbol } from '../../../src/shared/api/market';
import { SCALE_MAX } from '../../../src/shared/money';
import { lookupSymbol, splitSymbol } from '../../../src/shared/symbols';
import { SEED_CURRENCIES, SEED_SYMBOLS, assertSymbolFitsCurrencies } from '../../../server/seed/market';
import { createTestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

async function fetchSymbols(headers: Record<string, string> = {}): Promise<MarketSymbol[]> {
  const response = await callApi(server, 'GET', '/quotation/symbols', { headers });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.errcode).toBe(0);
  return symbolsCall.data.parse(body.data);
}

describe('market seed', () => {
  it('stores the currencies with their scales even without demo mode', async () => {
    const rows = await server.context.db.selectFrom('currencies').selectAll().orderBy('sort_order').execute();
    expect(rows.map((row) => [row.code, Number(row.scale)])).toEqual([
      ['USDT', 6],
      ['USDC', 6],
      ['BTC', 8],
      ['ETH', 8],
      ['SOL', 8],
      ['BNB', 8],
      ['XRP', 6],
      ['DOGE', 8],
      ['TRX', 6],
      ['LTC', 8],
    ]);
    expect(rows.find((row) => row.code === 'USDT')?.display_name).toBe('Tether');
    expect(rows.every((row) => Number(row.scale) <= SCALE_MAX)).toBe(true);
  });

  it('keeps every price within the quote scale and every quantity within the base scale', async () => {
    const scales = new Map(
      (await server.context.db.selectFrom('currencies').select(['code', 'scale']).execute()).map((row) => [row.code, Number(row.scale)]),
    );
    const symbols = await server.context.db.selectFrom('symbols').selectAll().execute();
    expect(symbols).toHaveLength(SEED_SYMBOLS.length);
    for (const row of symbols) {
      expect(Number(row.price_precision), row.symbol).toBeLessThanOrEqual(scales.get(row.quote_symbol) ?? -1);
      expect(Number(row.volume_precision), row.symbol).toBeLessThanOrEqual(scales.get(row.base_symbol) ?? -1);
    }
  });

  it('refuses a symbol whose precision does not fit its currencies', () => {
    const scales = new Map(SEED_CURRENCIES.map((currency) => [currency.code, currency.scale]));
    expect(() => assertSymbolFitsCurrencies({ id: 1, type: 3, symbol: 'BTC_USDT', pricePrecision: 7, volumePrecision: 2 }, scales)).toThrow(/price/);
    expect(() => assertSymbolFitsCurrencies({ id: 1, type: 3, symbol: 'XRP_USDT', pricePrecision: 2, volumePrecision: 7 }, scales)).toThrow(/volume/);
    expect(() => assertSymbolFitsCurrencies({ id: 1, type: 3, symbol: 'ABC_USDT', pricePrecision: 2, volumePrecision: 2 }, scales)).toThrow(/unknown/);
  });

  it('has an icon file in public/icons/coins for every currency', () => {
    for (const currency of SEED_CURRENCIES) {
      const file = path.resolve('public', 'icons', 'coins', `${currency.code.toLowerCase()}.svg`);
      expect(fs.existsSync(file), file).toBe(true);
      const text = fs.readFileSync(file, 'utf8');
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file).toBe(true);
      expect(text.trim().endsWith('</svg>'), file).toBe(true);
    }
  });
});

describe('GET /quotation/symbols', () => {
  it('R-ENT-01 R-API-01 answers every field of spec 3 for every symbol', async () => {
    const symbols = await fetchSymbols();
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/quotation/symbols' });
    for (const item of response.json().data) {
      expect(Object.keys(item).sort()).toEqual(
        ['id', 'type', 'symbol', 'name', 'testOnly', 'testEnabled', 'prompted', 'pricePrecision', 'volumePrecision', 'baseSymbol', 'quoteSymbol', 'svgIcon'].sort(),
      );
    }
    const btc = lookupSymbol(symbols, { type: 3, symbol: 'btc_usdt' });
    expect(btc).toEqual({
      id: 301,
      type: 3,
      symbol: 'BTC_USDT',
      name: 'BTC/USDT',
      testOnly: false,
      testEnabled: false,
      prompted: true,
      pricePrecision: 2,
      volumePrecision: 6,
      baseSymbol: 'BTC',
      quoteSymbol: 'USDT',
      svgIcon: '/icons/coins/btc.svg',
    });
  });

  it('R-ENT-02 derives base and quote by splitting the symbol', async () => {
    for (const item of await fetchSymbols()) {
      expect({ baseSymbol: item.baseSymbol, quoteSymbol: item.quoteSymbol }).toEqual(splitSymbol(item.symbol));
      expect(item.svgIcon).toBe(`/icons/coins/${item.baseSymbol.toLowerCase()}.svg`);
    }
  });

  it('R-ENT-03 lists the three markets in order of type, then sort order', async () => {
    const symbols = await fetchSymbols();
    const types = symbols.map((item) => item.type);
    expect(types).toEqual([...types].sort((left, right) => left - right));
    expect(symbols.filter((item) => item.type === 1).map((item) => item.symbol)).toEqual(['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'BNB_USDT']);
    expect(symbols.filter((item) => item.type === 2).map((item) => item.symbol)).toEqual([
      'BTC_USDT',
      'ETH_USDT',
      'SOL_USDT',
      'BNB_USDT',
      'XRP_USDT',
      'DOGE_USDT',
    ]);
    expect(symbols.filter((item) => item.type === 3).map((item) => item.symbol)).toEqual([
      'BTC_USDT',
      'ETH_USDT',
      'SOL_USDT',
      'BNB_USDT',
      'XRP_USDT',
      'DOGE_USDT',
      'TRX_USDT',
      'LTC_USDT',
      'ETH_BTC',
      'USDC_USDT',
    ]);
    expect(symbols.some((item) => item.prompted)).toBe(true);
  });

  it('R-ROLE-03 hides test-only symbols from visitors', async () => {
    const symbols = await fetchSymbols();
    expect(symbols.some((item) => item.testOnly)).toBe(false);
    expect(symbols.every((item) => item.testEnabled === false)).toBe(true);
  });

  it('R-ROLE-03 hides test-only symbols from a signed-in user without testEnabled', async () => {
    const user = await createTestUser(server);
    const symbols = await fetchSymbols(user.headers);
    expect(symbols.some((item) => item.testOnly)).toBe(false);
    expect(lookupSymbol(symbols, { type: 3, symbol: 'btc_usdc' })).toBeUndefined();
    expect(symbols.every((item) => item.testEnabled === false)).toBe(true);
  });

  it('R-ROLE-03 shows test-only symbols, marked, to a user whose testEnabled is true', async () => {
    const tester = await createTestUser(server, { testEnabled: true });
    const symbols = await fetchSymbols(tester.headers);
    const testOnly = symbols.filter((item) => item.testOnly);
    expect(testOnly.map((item) => item.symbol)).toEqual(['BTC_USDC']);
    expect(testOnly[0]).toMatchObject({ id: 311, type: 3, baseSymbol: 'BTC', quoteSymbol: 'USDC' });
    expect(symbols.every((item) => item.testEnabled === true)).toBe(true);
    expect(symbols.length).toBe((await fetchSymbols()).length + 1);
  });

  it('treats an unknown or expired session as a visitor rather than refusing', async () => {
    const symbols = await fetchSymbols({ cookie: 'sid=not-a-session' });
    expect(symbols.some((item) => item.testOnly)).toBe(false);
  });
});
