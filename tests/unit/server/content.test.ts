/** Proves the content calls: footer sections, category listings with paging and search, posts by id and slug in the reader's language, popup notices and the site logos. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOTER_CATEGORY_IDS, LIST_PAGE_MAX } from '../../../src/shared/constants';
import type { Language } from '../../../src/shared/languages';
import { readContentLanguageFiles, seedContent } from '../../../server/seed/content';
import { SEED_CATEGORIES, SEED_POSTS } from '../../../server/seed/content/structure';
import { insertPost } from '../../../server/modules/content/repo';
import { getSiteSettings, saveSiteSettings } from '../../../server/modules/site/settings';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let reader: TestUser;
beforeAll(async () => {
  server = await buildTestServer();
  reader = await createTestUser(server);
});
afterAll(async () => {
  await server.close();
});

function categoryName(language: Language, id: number): string {
  return readContentLanguageFiles().get(language)?.categories[String(id)] ?? '';
}

function englishTitle(key: string): string {
  return readContentLanguageFiles().get('en')?.posts[key]?.title ?? '';
}

function operatorHeaders() {
  return { authorization: `Bearer ${server.context.adminToken}` };
}

async function publish(body: Record<string, unknown>): Promise<number> {
  const response = await callApi(server, 'POST', '/operator/posts', { headers: operatorHeaders(), payload: body });
  const envelope = response.json();
  expect(envelope.errcode).toBe(0);
  return envelope.data.id as number;
}

async function get(url: string, language = 'en') {
  const response = await callApi(server, 'GET', url, { headers: { 'accept-language': language } });
  return { status: response.statusCode, body: response.json() };
}

/** Content calls are open to visitors, but every POST carries a session's CSRF token. */
async function listCategory(query: string, body: Record<string, unknown> = {}, language = 'en') {
  const response = await callApi(server, 'POST', `/post/category?${query}`, { as: reader, headers: { 'accept-language': language }, payload: body });
  return { status: response.statusCode, body: response.json() };
}

describe('demo content data', () => {
  it('gives every seeded post and category an English text, so every language can fall back to it', () => {
    const english = readContentLanguageFiles().get('en');
    expect(english).toBeDefined();
    for (const post of SEED_POSTS) expect(english?.posts[post.key], post.key).toBeDefined();
    for (const category of SEED_CATEGORIES) expect(english?.categories[String(category.id)], String(category.id)).toBeTruthy();
  });
});

describe('GET /post/footer', () => {
  it('R-FOOT-03 R-API-07 answers the link sections of content categories 1000 and 1001 in their curated order', async () => {
    const { body } = await get('/post/footer');
    expect(body.errcode).toBe(0);
    expect(body.data.map((section: { id: number }) => section.id)).toEqual([...FOOTER_CATEGORY_IDS]);
    const [first, second] = body.data;
    expect(first.name).toBe(categoryName('en', 1000));
    const curated = (categoryId: number) =>
      SEED_POSTS.filter((post) => post.categoryId === categoryId)
        .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))
        .map((post) => ({ id: expect.any(Number), title: englishTitle(post.key), slug: post.slug ?? null }));
    expect(first.items).toEqual(curated(1000));
    expect(second.items).toEqual(curated(1001));
    expect(first.items.length).toBeGreaterThan(0);
  });

  it('R-FOOT-03 names the sections in the reader language', async () => {
    const { body } = await get('/post/footer', 'zh');
    expect(body.data[0].name).toBe(categoryName('zh', 1000));
    expect(categoryName('zh', 1000)).not.toBe(categoryName('en', 1000));
  });
});

describe('POST /post/category', () => {
  it('R-API-07 lists a parent category with its children and their posts, pinned first then newest first', async () => {
    const { body } = await listCategory('id=10');
    expect(body.errcode).toBe(0);
    const { category, posts, total } = body.data;
    expect(category).toMatchObject({ id: 10, name: categoryName('en', 10), kind: 'announcement', parentId: null });
    expect(category.children).toEqual([11, 12, 13].map((id) => ({ id, name: categoryName('en', id) })));
    const seeded = SEED_POSTS.filter((post) => [11, 12, 13].includes(post.categoryId));
    expect(total).toBe(seeded.length);
    expect(posts[0].pinned).toBe(true);
    const unpinned = posts.slice(1);
    for (let index = 1; index < unpinned.length; index += 1) {
      expect(unpinned[index - 1].publishedAt).toBeGreaterThanOrEqual(unpinned[index].publishedAt);
    }
    expect(posts[0]).toEqual({
      id: expect.any(Number),
      categoryId: 11,
      title: expect.stringContaining('Solana'),
      summary: expect.any(String),
      publishedAt: expect.any(Number),
      pinned: true,
      coverUrl: '',
    });
  });

  it('takes the id from the body as well as from the query string', async () => {
    const { body } = await listCategory('', { id: 11 });
    expect(body.data.category.id).toBe(11);
    expect(body.data.posts.every((post: { categoryId: number }) => post.categoryId === 11)).toBe(true);
  });

  it('pages with offset and limit', async () => {
    const all = (await listCategory('id=10&limit=100')).body.data.posts.map((post: { id: number }) => post.id);
    const page = (await listCategory('id=10&offset=2&limit=3')).body.data;
    expect(page.posts.map((post: { id: number }) => post.id)).toEqual(all.slice(2, 5));
    expect(page.total).toBe(all.length);
  });

  it('caps a page at LIST_PAGE_MAX whatever the client asks', async () => {
    for (let index = 0; index < LIST_PAGE_MAX + 5; index += 1) {
      await publish({ categoryId: 13, translations: { en: { title: `Campaign ${index}`, body: 'Join in.' } } });
    }
    const { body } = await listCategory('id=13&limit=2147483647');
    expect(body.data.posts).toHaveLength(LIST_PAGE_MAX);
    expect(body.data.total).toBeGreaterThan(LIST_PAGE_MAX);
  });

  it('searches the title, summary and body in the reader language, with LIKE wildcards taken literally', async () => {
    await publish({ categoryId: 12, translations: { en: { title: 'Fees cut by 100%', body: 'All spot fees are lower.' } } });
    const solana = (await listCategory('id=10&q=solana')).body.data;
    expect(solana.posts.map((post: { title: string }) => post.title)).toContain(englishTitle('listing-sol-usdt'));
    expect(solana.total).toBe(solana.posts.length);
    expect(solana.total).toBeLessThan((await listCategory('id=10')).body.data.total);
    const percent = (await listCategory('id=10&q=by 100%25')).body.data;
    expect(percent.posts.map((post: { title: string }) => post.title)).toEqual(['Fees cut by 100%']);
    expect((await listCategory('id=10&q=%25cut')).body.data.total).toBe(0);
    expect((await listCategory('id=10&q=1_0')).body.data.total).toBe(0);
    expect((await listCategory('id=10&q=spot fees are lower')).body.data.total).toBe(1);
    const chineseTitle = readContentLanguageFiles().get('zh')?.posts['listing-sol-usdt']?.title ?? '';
    expect(chineseTitle).not.toBe('');
    const query = `id=10&q=${encodeURIComponent(chineseTitle)}`;
    expect((await listCategory(query, {}, 'zh')).body.data.posts.map((post: { title: string }) => post.title)).toEqual([chineseTitle]);
    expect((await listCategory(query, {}, 'en')).body.data.total).toBe(0);
  });

  it('refuses an unknown or missing category with categoryNotFound and a malformed id with 400', async () => {
    expect((await listCategory('id=999999')).body.errcode).toBe(1202);
    expect((await listCategory('')).body.errcode).toBe(1202);
    const malformed = await listCategory('id=abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errcode).toBe(400);
  });
});

describe('GET /post', () => {
  it('R-API-07 reads a page by slug and the same post by id', async () => {
    const bySlug = (await get('/post?slug=about')).body;
    expect(bySlug.errcode).toBe(0);
    expect(bySlug.data).toMatchObject({ slug: 'about', lang: 'en', categoryId: 40 });
    expect(bySlug.data.body.length).toBeGreaterThan(0);
    expect(bySlug.data.body).not.toMatch(/<[a-z]/i);
    const byId = (await get(`/post?id=${bySlug.data.id}`)).body;
    expect(byId.data).toEqual(bySlug.data);
    expect((await get('/post?slug=user-protection')).body.data.slug).toBe('user-protection');
  });

  it('answers in the reader language: zh, and zh-CHT for a Traditional Chinese header', async () => {
    const chinese = (await get('/post?slug=about', 'zh-CN,zh;q=0.9')).body.data;
    expect(chinese.lang).toBe('zh');
    expect(chinese.title).toBe(readContentLanguageFiles().get('zh')?.posts.about?.title);
    const traditional = (await get('/post?slug=about', 'zh-TW')).body.data;
    expect(traditional.lang).toBe('zh-CHT');
  });

  it('falls back to English when the reader language has no translation', async () => {
    const id = await publish({
      categoryId: 12,
      translations: { en: { title: 'Wallet upgrade', summary: 'Short.', body: 'Long.' }, de: { title: 'Wallet-Upgrade', body: 'Lang.' } },
    });
    const german = (await get(`/post?id=${id}`, 'de')).body.data;
    expect(german).toMatchObject({ lang: 'de', title: 'Wallet-Upgrade', summary: '', body: 'Lang.' });
    const french = (await get(`/post?id=${id}`, 'fr')).body.data;
    expect(french).toMatchObject({ lang: 'en', title: 'Wallet upgrade', summary: 'Short.', body: 'Long.' });
  });

  it('hides a post until it is published', async () => {
    const now = server.context.now();
    const id = await insertPost(
      server.context.db,
      {
        categoryId: 12,
        slug: 'scheduled',
        sortOrder: 0,
        pinned: false,
        coverUrl: '',
        popupMode: null,
        popupFrom: null,
        popupTo: null,
        publishedAt: now + DAY_MS,
        translations: [{ lang: 'en', title: 'Zyxwvut scheduled', summary: '', body: 'Later.' }],
      },
      now,
    );
    expect((await get(`/post?id=${id}`)).body.errcode).toBe(1201);
    expect((await listCategory('id=12&q=Zyxwvut')).body.data.total).toBe(0);
  });

  it('refuses an unknown id or slug with postNotFound, and a request naming neither with 400', async () => {
    expect((await get('/post?id=987654')).body.errcode).toBe(1201);
    expect((await get('/post?slug=no-such-page')).body.errcode).toBe(1201);
    const neither = await get('/post');
    expect(neither.status).toBe(400);
    expect((await get('/post?slug=Bad Slug!')).status).toBe(400);
  });
});

describe('GET /notice', () => {
  it('R-API-07 R-ENT-09 lists the live popup notices with their mode and window in ms', async () => {
    const { body } = await get('/notice');
    expect(body.errcode).toBe(0);
    const seeded = SEED_POSTS.filter((post) => post.popupMode !== undefined);
    expect(body.data).toHaveLength(seeded.length);
    const now = server.context.now();
    for (const notice of body.data) {
      expect([1, 2, 3]).toContain(notice.popupMode);
      expect(notice.popupFrom).toBeLessThanOrEqual(now);
      expect(notice.popupTo).toBeGreaterThanOrEqual(now);
      expect(notice.title.length).toBeGreaterThan(0);
    }
    const one = (await get(`/notice?id=${body.data[0].id}`)).body;
    expect(one.errcode).toBe(0);
    expect(one.data).toEqual({ ...body.data[0], body: expect.any(String) });
  });

  it('answers errcode 3 with HTTP 200 for an unknown id or a post that is not a notice', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/notice?id=424242' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().errcode).toBe(3);
    const about = (await get('/post?slug=about')).body.data;
    expect((await get(`/notice?id=${about.id}`)).body.errcode).toBe(3);
  });

  it('R-STATE-04 answers errcode 3 once a notice is outside its window', async () => {
    const separate = await buildTestServer();
    try {
      const live = (await separate.app.inject({ method: 'GET', url: '/api/v1/notice' })).json().data;
      expect(live.length).toBeGreaterThan(0);
      const latestEnd = Math.max(...live.map((notice: { popupTo: number }) => notice.popupTo));
      separate.advance(latestEnd - separate.context.now() + 1);
      const gone = await separate.app.inject({ method: 'GET', url: `/api/v1/notice?id=${live[0].id}` });
      expect(gone.statusCode).toBe(200);
      expect(gone.json().errcode).toBe(3);
      expect((await separate.app.inject({ method: 'GET', url: '/api/v1/notice' })).json().data).toEqual([]);
    } finally {
      await separate.close();
    }
  });
});

describe('GET /api/image/sitelogo and sitelogosm', () => {
  it('R-API-07 serves SVG logos with the escaped site name and an hour of caching', async () => {
    const settings = await getSiteSettings(server.context.db);
    await saveSiteSettings(server.context.db, { ...settings, name: 'Bits & <Bytes>' });
    try {
      const logo = await server.app.inject({ method: 'GET', url: '/api/image/sitelogo' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
      expect(logo.headers['cache-control']).toBe('public, max-age=3600');
      expect(logo.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(logo.body).toContain('Bits &#38; &#60;Bytes&#62;');
      expect(logo.body).not.toContain('<Bytes>');
      const small = await server.app.inject({ method: 'GET', url: '/api/image/sitelogosm' });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toContain('image/svg+xml');
      expect(small.body).toContain('viewBox="0 0 40 40"');
    } finally {
      await saveSiteSettings(server.context.db, settings);
    }
  });
});

describe('seedContent', () => {
  it('loads every translation a language file has and leaves the missing ones to the English fallback', async () => {
    const bare = await buildTestServer({ demoMode: false });
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'content-seed-'));
    try {
      const english = {
        categories: Object.fromEntries(SEED_CATEGORIES.map((category) => [String(category.id), `Category ${category.id}`])),
        posts: Object.fromEntries(SEED_POSTS.map((post) => [post.key, { title: `EN ${post.key}`, summary: 's', body: 'b' }])),
      };
      const aboutPost = SEED_POSTS.find((post) => post.slug === 'about');
      const german = { categories: { '1000': 'Unternehmen' }, posts: { about: { title: 'Über uns', summary: '', body: 'Text.' } } };
      fs.writeFileSync(path.join(directory, 'en.json'), JSON.stringify(english));
      fs.writeFileSync(path.join(directory, 'de.json'), JSON.stringify(german));
      await seedContent(bare.context, directory);
      const read = async (url: string, language: string) =>
        (await bare.app.inject({ method: 'GET', url, headers: { 'accept-language': language } })).json().data;
      expect(aboutPost).toBeDefined();
      expect((await read('/api/v1/post?slug=about', 'de')).title).toBe('Über uns');
      expect((await read('/api/v1/post?slug=user-protection', 'de')).title).toBe('EN user-protection');
      const footer = await read('/api/v1/post/footer', 'de');
      expect(footer.map((section: { name: string }) => section.name)).toEqual(['Unternehmen', 'Category 1001']);
      const notices = await read('/api/v1/notice', 'en');
      const seededNotice = SEED_POSTS.find((post) => post.popupMode !== undefined);
      const notice = notices.find((candidate: { title: string }) => candidate.title === `EN ${seededNotice?.key}`);
      expect(notice.popupMode).toBe(seededNotice?.popupMode);
      expect(notice.popupTo - notice.popupFrom).toBe((seededNotice?.popupDays ?? 0) * DAY_MS);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
      await bare.close();
    }
  });

  it('skips a post that has no English text', async () => {
    const bare = await buildTestServer({ demoMode: false });
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'content-seed-'));
    try {
      fs.writeFileSync(path.join(directory, 'en.json'), JSON.stringify({ categories: {}, posts: {} }));
      fs.writeFileSync(path.join(directory, 'de.json'), JSON.stringify({ posts: { about: { title: 'Über uns', summary: '', body: 'Text.' } } }));
      await seedContent(bare.context, directory);
      const response = await bare.app.inject({ method: 'GET', url: '/api/v1/post?slug=about', headers: { 'accept-language': 'de' } });
      expect(response.json().errcode).toBe(1201);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
      await bare.close();
    }
  });
});
