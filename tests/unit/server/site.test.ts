/** Proves GET/POST /config answers the site config of spec 3 from stored settings, and GET /config/regions the country list of the phone forms. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../src/shared/api/site';
import { LANGUAGES } from '../../../src/shared/languages';
import { VISITOR_PAGES } from '../../../src/shared/pages';
import { DEFAULT_SITE_SETTINGS, getSiteSettings, saveSiteSettings } from '../../../server/modules/site/settings';
import { SEED_SOCIAL_LINKS } from '../../../server/seed/site';
import { createTestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

async function getConfig(headers: Record<string, string> = {}) {
  const response = await callApi(server, 'GET', '/config', { headers });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.errcode).toBe(0);
  return siteConfigSchema.parse(body.data);
}

describe('GET /config', () => {
  it('R-ENT-10 R-API-01 answers every field of the site config to a visitor', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/config' });
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'name',
        'supportedLanguages',
        'helpDesk',
        'anonymous',
        'stakingEnabled',
        'loanEnabled',
        'checkinEnabled',
        'luckydraw',
        'c2c',
        'notificationEnabled',
        'kvConfigs',
        'time',
        'permission',
        'requiredIDLevel',
      ].sort(),
    );
    expect(Object.keys(data.helpDesk).sort()).toEqual(['authRequired', 'extLink', 'scRequired', 'useExternal']);
    expect(data.luckydraw).toEqual({ enabled: true });
    expect(data.c2c).toEqual({ enabled: true });
    expect(siteConfigSchema.safeParse(data).success).toBe(true);
  });

  it('R-ENT-10 answers the seeded settings: name, all languages, social links, visitor pages', async () => {
    const config = await getConfig();
    expect(config.name).toBe('Exchange');
    expect(config.supportedLanguages).toEqual([...LANGUAGES]);
    expect(config.kvConfigs).toEqual(SEED_SOCIAL_LINKS);
    for (const key of ['twitter', 'facebook', 'medium', 'youtube']) expect(config.kvConfigs[key], key).toMatch(/^https:\/\//);
    expect(config.kvConfigs.twitter_zh).toMatch(/^https:\/\//);
    expect(config.anonymous).toEqual([...VISITOR_PAGES]);
    expect(DEFAULT_SITE_SETTINGS.anonymous).toEqual([...VISITOR_PAGES]);
    expect(config.permission).toBe(0);
  });

  it('R-ENT-10 carries the server time, which follows the server clock', async () => {
    const before = server.context.now();
    const first = await getConfig();
    expect(first.time).toBeGreaterThanOrEqual(before);
    expect(first.time).toBeLessThanOrEqual(server.context.now());
    server.advance(3_600_000);
    const second = await getConfig();
    expect(second.time - first.time).toBeGreaterThanOrEqual(3_600_000);
  });

  it('R-ENT-10 answers what an operator stored, field by field', async () => {
    const original = await getSiteSettings(server.context.db);
    try {
      await saveSiteSettings(server.context.db, {
        ...original,
        name: 'Harbour',
        supportedLanguages: ['en', 'zh'],
        helpDesk: { useExternal: true, extLink: 'https://help.example.com', authRequired: true, scRequired: true },
        stakingEnabled: false,
        loanEnabled: false,
        checkinEnabled: false,
        luckydraw: { enabled: false },
        c2c: { enabled: false },
        notificationEnabled: false,
        permission: 8 | 512,
        requiredIDLevel: 2,
      });
      const config = await getConfig();
      expect(config).toMatchObject({
        name: 'Harbour',
        supportedLanguages: ['en', 'zh'],
        helpDesk: { useExternal: true, extLink: 'https://help.example.com', authRequired: true, scRequired: true },
        stakingEnabled: false,
        loanEnabled: false,
        checkinEnabled: false,
        luckydraw: { enabled: false },
        c2c: { enabled: false },
        notificationEnabled: false,
        permission: 520,
        requiredIDLevel: 2,
      });
    } finally {
      await saveSiteSettings(server.context.db, original);
    }
  });

  it('R-ENT-10 fills fields missing from an older stored row with their defaults', async () => {
    const original = await getSiteSettings(server.context.db);
    try {
      await server.context.db.updateTable('settings').set({ value_json: JSON.stringify({ name: 'Old' }) }).where('key', '=', 'site').execute();
      const config = await getConfig();
      expect(config.name).toBe('Old');
      expect(config.supportedLanguages).toEqual(DEFAULT_SITE_SETTINGS.supportedLanguages);
      expect(config.requiredIDLevel).toBe(DEFAULT_SITE_SETTINGS.requiredIDLevel);
    } finally {
      await saveSiteSettings(server.context.db, original);
    }
  });
});

describe('POST /config', () => {
  it('R-API-01 answers the same config to a client that posts its reads', async () => {
    const user = await createTestUser(server);
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/config', headers: user.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const posted = siteConfigSchema.parse(response.json().data);
    const fetched = await getConfig();
    expect(posted.time).toBeGreaterThan(0);
    expect({ ...posted, time: 0 }).toEqual({ ...fetched, time: 0 });
  });

  it('accepts a form-encoded post with the formPage query parameter', async () => {
    const user = await createTestUser(server);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/config?formPage=enquotes',
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Exchange');
  });

  it('refuses a post without the CSRF token, like every post', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/config', payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errcode: 7 });
  });
});

describe('GET /config/regions', () => {
  it('R-API-01 lists at least 60 countries and regions with ITU dial codes, sorted by name', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/config/regions' });
    expect(response.statusCode).toBe(200);
    const regions = response.json().data as { code: string; dialCode: string; name: string }[];
    expect(regions.length).toBeGreaterThanOrEqual(60);
    expect(regions).toContainEqual({ code: 'CN', dialCode: '+86', name: 'China' });
    const byCode = new Map(regions.map((region) => [region.code, region.dialCode]));
    expect(byCode.get('US')).toBe('+1');
    expect(byCode.get('ID')).toBe('+62');
    expect(byCode.get('GB')).toBe('+44');
    expect(byCode.get('IN')).toBe('+91');
    expect(byCode.get('JP')).toBe('+81');
    expect(byCode.get('RU')).toBe('+7');
    expect(byCode.get('PH')).toBe('+63');
    expect(new Set(regions.map((region) => region.code)).size).toBe(regions.length);
    for (const region of regions) {
      expect(region.code, region.name).toMatch(/^[A-Z]{2}$/);
      expect(region.dialCode, region.name).toMatch(/^\+[1-9]\d{0,3}$/);
    }
    const names = regions.map((region) => region.name);
    expect(names).toEqual([...names].sort((left, right) => left.localeCompare(right, 'en')));
  });

  it('names the regions in the request language', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/config/regions', headers: { 'accept-language': 'zh-CHT' } });
    const regions = response.json().data as { code: string; dialCode: string; name: string }[];
    const china = regions.find((region) => region.code === 'CN');
    expect(china?.dialCode).toBe('+86');
    expect(china?.name).not.toBe('China');
    expect(regions.length).toBeGreaterThanOrEqual(60);
  });
});
