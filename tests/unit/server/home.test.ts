/** Proves GET /home: per language banners, popup notices, news and tips taken from the content module, the highlighted symbols, rankings and most traded symbols from the market data, and the referral code the home config was fetched for. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_BANNERS_MAX, HOME_NEWS_MAX, HOME_NOTICE_BAR_MAX, HOME_TIPS_MAX, homeSchema, type Home } from '../../../src/shared/api/home';
import type { PostSummary } from '../../../src/shared/api/content';
import type { Language } from '../../../src/shared/languages';
import { candleOpenTime, upsertCandles } from '../../../server/engine/candles';
import { readContentLanguageFiles } from '../../../server/seed/content';
import { SEED_POSTS } from '../../../server/seed/content/structure';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

const HOUR_MS = 3_600_000;

let server: TestServer;
let reader: TestUser;

beforeAll(async () => {
  server = await buildTestServer({ robotsEnabled: false });
  reader = await createTestUser(server);
  const time = server.context.now();
  const candle = (symbolId: number, closeTicks: number, volumeLots: number, tradeCount: number) =>
    upsertCandles(server.context.db, symbolId, [
      {
        interval: '1m',
        candle: {
          openTime: candleOpenTime(time - HOUR_MS, '1m'),
          openTicks: 10_000n,
          highTicks: BigInt(Math.max(10_000, closeTicks)),
          lowTicks: BigInt(Math.min(10_000, closeTicks)),
          closeTicks: BigInt(closeTicks),
          volumeLots: BigInt(volumeLots),
          tradeCount,
        },
      },
    ]);
  await candle(301, 10_500, 10_000_000, 40);
  await candle(302, 9_000, 50_000, 90);
  await candle(303, 10_100, 3_000, 7);
});
afterAll(async () => {
  await server.close();
});

async function home(query: string, headers: Record<string, string> = {}): Promise<Home> {
  const response = await callApi(server, 'GET', `/home${query}`, { headers });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.errcode).toBe(0);
  return homeSchema.parse(body.data);
}

/** What the content calls answer for a category, in a language: home must agree with them. */
async function categoryPosts(id: number, language: Language): Promise<PostSummary[]> {
  const response = await callApi(server, 'POST', `/post/category?id=${id}`, { as: reader, headers: { 'accept-language': language }, payload: {} });
  return response.json().data.posts;
}

function titleOf(language: Language, key: string): string | undefined {
  return readContentLanguageFiles().get(language)?.posts[key]?.title;
}

describe('GET /home', () => {
  it('R-API-01 answers every part of the home page for a language', async () => {
    const page = await home('?lang=en');
    expect(page.lang).toBe('en');
    expect(page.referralCode).toBeNull();
    expect(page.time).toBeGreaterThan(0);
    expect(page.news).toEqual((await categoryPosts(10, 'en')).slice(0, HOME_NEWS_MAX));
    expect(page.news).toHaveLength(HOME_NEWS_MAX);
    expect(page.notices.announcements).toEqual(page.news.slice(0, HOME_NOTICE_BAR_MAX));
    expect(page.tips).toEqual((await categoryPosts(20, 'en')).slice(0, HOME_TIPS_MAX));
    expect(page.tips).toHaveLength(HOME_TIPS_MAX);
    const notices = (await server.app.inject({ method: 'GET', url: '/api/v1/notice', headers: { 'accept-language': 'en' } })).json().data;
    expect(page.notices.popups).toEqual(notices);
    expect(page.notices.popups.length).toBe(SEED_POSTS.filter((post) => post.popupMode !== undefined).length);
  });

  it('makes banners of new listings and platform updates, pinned first, then newest', async () => {
    const page = await home('?lang=en');
    const bannerPosts = [...(await categoryPosts(11, 'en')), ...(await categoryPosts(12, 'en'))];
    expect(page.banners).toHaveLength(HOME_BANNERS_MAX);
    expect(page.banners.every((banner) => [11, 12].includes(banner.categoryId))).toBe(true);
    expect(page.banners[0]).toMatchObject({ pinned: true, title: titleOf('en', 'listing-sol-usdt') });
    const rest = page.banners.slice(1);
    expect(rest.map((banner) => banner.publishedAt)).toEqual([...rest.map((banner) => banner.publishedAt)].sort((left, right) => right - left));
    for (const banner of page.banners) expect(bannerPosts).toContainEqual(banner);
  });

  it('answers the texts of the asked language, whatever the Accept-Language header says', async () => {
    for (const language of ['de', 'ja', 'zh-CHT'] as const) {
      const page = await home(`?lang=${language}`, { 'accept-language': 'en' });
      expect(page.lang).toBe(language);
      expect(page.news).toEqual((await categoryPosts(10, language)).slice(0, HOME_NEWS_MAX));
      expect(page.tips).toEqual((await categoryPosts(20, language)).slice(0, HOME_TIPS_MAX));
      const pinned = titleOf(language, 'listing-sol-usdt');
      expect(pinned).toBeDefined();
      expect(pinned).not.toBe(titleOf('en', 'listing-sol-usdt'));
      expect(page.banners[0]?.title).toBe(pinned);
    }
  });

  it('takes the language from Accept-Language without lang, and any letter case of a language id', async () => {
    expect((await home('', { 'accept-language': 'fr' })).lang).toBe('fr');
    expect((await home('')).lang).toBe('en');
    expect((await home('?lang=zh-cht')).lang).toBe('zh-CHT');
  });

  it('answers 400 for an unknown language or a malformed referral code', async () => {
    for (const query of ['?lang=xx', '?lang=', '?referralCode=a-b', `?referralCode=${'A'.repeat(17)}`]) {
      const response = await server.app.inject({ method: 'GET', url: `/api/v1/home${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errcode).toBe(400);
    }
  });

  it('echoes the referral code it was fetched for: the signed-in user own, else the visitor invitation', async () => {
    const row = await server.context.db.selectFrom('users').select('referral_code').where('id', '=', BigInt(reader.userId)).executeTakeFirstOrThrow();
    expect((await home('?lang=en', reader.headers)).referralCode).toBe(row.referral_code);
    expect((await home('?lang=en&referralCode=OTHER1', reader.headers)).referralCode).toBe(row.referral_code);
    expect((await home('?lang=en&referralCode=abc123')).referralCode).toBe('ABC123');
    expect((await home('?lang=en')).referralCode).toBeNull();
  });

  it('carries the highlighted symbols with their quotes, the rankings and the most traded symbols', async () => {
    const page = await home('?lang=en');
    expect(page.symbols.map((symbol) => symbol.id)).toEqual([101, 201, 301, 302, 303]);
    expect(page.symbols.find((symbol) => symbol.id === 301)?.quote).toMatchObject({ c: '105.00', ds: '100.00', changePercent: '5.00' });
    expect(page.symbols.find((symbol) => symbol.id === 201)?.quote).toMatchObject({ id: 201, c: '105.0' });
    expect(page.ranks.gainers.map((entry) => entry.id)).toEqual([301, 303, 302]);
    expect(page.ranks.losers.map((entry) => entry.id)).toEqual([302, 303, 301]);
    // Turnover in USDT: BTC 10 x 105 = 1050, ETH 5 x 90 = 450, SOL 3 x 101 = 303.
    expect(page.ranks.volume.map((entry) => [entry.id, entry.quote.turnover])).toEqual([
      [301, '1050.00'],
      [302, '450.00'],
      [303, '303.00'],
    ]);
    expect(page.topSearches.map((entry) => entry.id)).toEqual([302, 301, 303]);
  });

  it('is the same for every language where market data is concerned', async () => {
    const english = await home('?lang=en');
    const korean = await home('?lang=ko');
    expect(korean.ranks).toEqual({ ...english.ranks, gainers: korean.ranks.gainers, losers: korean.ranks.losers, volume: korean.ranks.volume });
    expect(korean.ranks.gainers.map((entry) => entry.quote.c)).toEqual(english.ranks.gainers.map((entry) => entry.quote.c));
    expect(korean.topSearches.map((entry) => entry.id)).toEqual(english.topSearches.map((entry) => entry.id));
  });

  it('answers empty content lists on a deployment without the content categories', async () => {
    const bare = await buildTestServer({ demoMode: false, robotsEnabled: false });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/v1/home?lang=en' });
      const page = homeSchema.parse(response.json().data);
      expect(page).toMatchObject({ banners: [], news: [], tips: [], notices: { popups: [], announcements: [] }, topSearches: [] });
      expect(page.symbols.map((symbol) => symbol.quote)).toEqual([null, null, null, null, null]);
      expect(page.ranks).toEqual({ gainers: [], losers: [], volume: [] });
    } finally {
      await bare.close();
    }
  });
});
