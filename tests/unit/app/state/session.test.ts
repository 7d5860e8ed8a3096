// @vitest-environment happy-dom
// Proves the tab's session store: profile and identity fetched once and cached, forced refresh, one request in flight, failures give null, reset keeps only the home config (R-STATE-13, R-STATE-14, R-CLI-11).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBalances, loadIdentityStatus, loadProfile, resetSession, session } from '../../../../src/app/state/session';

/** The hub's side (the profile and balances every tab shares); the hub itself is tested in tests/unit/workers. */
const hub = vi.hoisted(() => ({
  profile: { value: null as unknown, reads: 0, forced: 0 },
  profileRead: async (force: boolean): Promise<unknown> => {
    hub.profile.reads += 1;
    hub.profile.forced += force ? 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return hub.profile.value;
  },
}));
vi.mock('../../../../src/app/api/hub', () => ({
  getHub: () => ({
    profile: (force: boolean) => hub.profileRead(force),
    balances: async () => [{ currency: 'USDT', balance: '1.000', frozen: '0.000', displayName: 'USDT' }],
  }),
}));

const PROFILE = {
  email: 'trader@example.com',
  referralCode: 'ABC123',
  testEnabled: false,
  realName: 'Ada Trader',
  vipLevel: 2,
  verifiedLevel: 0,
  requiredIDLevel: 1,
  avatarUrl: '',
  helpDeskLink: '',
};

type Answer = { status?: number; body: unknown };

let answers: Record<string, () => Answer>;
let calls: string[];

function respond(answer: Answer): Response {
  return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  answers = {
    csrftoken: () => ({ body: { errcode: 0, data: { token: 'token' } } }),
    identityverification: () => ({ body: { errcode: 0, data: 2 } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/api/v1/', '');
      calls.push(path);
      // Let concurrent callers meet while a request is out.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const answer = answers[path];
      if (!answer) throw new Error(`unexpected request ${path}`);
      return respond(answer());
    }),
  );
  hub.profile.value = PROFILE;
  hub.profile.reads = 0;
  hub.profile.forced = 0;
  resetSession();
  session.homeConfig = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const count = (path: string) => calls.filter((call) => call === path).length;

describe('session store', () => {
  it('R-STATE-13 fetches the profile once: concurrent callers share the request, later callers get the cache', async () => {
    const [first, second] = await Promise.all([loadProfile(), loadProfile()]);
    expect(first).toEqual(PROFILE);
    expect(second).toBe(first);
    await loadProfile();
    expect(hub.profile.reads).toBe(1);
  });

  it('R-STATE-13 a forced refresh reads the profile again', async () => {
    await loadProfile();
    hub.profile.value = { ...PROFILE, vipLevel: 11 };
    expect((await loadProfile(true))?.vipLevel).toBe(11);
    expect(hub.profile.reads).toBe(2);
    expect(hub.profile.forced).toBe(1);
  });

  it('R-STATE-13 fetches the identity status once and caches it, with a forced refresh', async () => {
    await Promise.all([loadIdentityStatus(), loadIdentityStatus()]);
    expect(await loadIdentityStatus()).toBe(2);
    expect(count('identityverification')).toBe(1);
    answers.identityverification = () => ({ body: { errcode: 0, data: 4 } });
    expect(await loadIdentityStatus(true)).toBe(4);
  });

  it('R-CLI-11 a profile that cannot be read gives null and is only logged (no toast)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    hub.profile.value = { referralCode: 'x' };
    expect(await loadProfile()).toBeNull();
    expect(warn).toHaveBeenCalled();
    hub.profile.value = null;
    expect(await loadProfile()).toBeNull();
  });

  it('an identity status that is not a number, or negative, is an error and gives null (spec 5)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answers.identityverification = () => ({ body: { errcode: 0, data: 'approved' } });
    expect(await loadIdentityStatus()).toBeNull();
    answers.identityverification = () => ({ body: { errcode: 0, data: -1 } });
    expect(await loadIdentityStatus()).toBeNull();
    expect(session.identityStatus).toBeNull();
  });

  it('R-STATE-14 R-ENT-14 the tab\'s session data holds the profile, identity status, balances, unread list and home config; reset clears all of it except the home config', async () => {
    // The hub holds the rest of spec 3's session data for every tab (symbols, config, the
    // notification status and unread count: tests/unit/workers); option price data comes with
    // binary options.
    answers.identityverification = () => ({ body: { errcode: 0, data: 1 } });
    await Promise.all([loadProfile(), loadIdentityStatus(), loadBalances()]);
    const homeConfig = { language: 'en', referralCode: null, home: {} as never };
    session.homeConfig = homeConfig;
    session.unreadList = [{ id: 1, uid: 1, type: 2, typeName: 'login', message: 'hi', readFlag: false, createdAt: 0 }];
    expect(session.profile).toMatchObject({ email: PROFILE.email });
    expect(session.identityStatus).toBe(1);
    expect(session.balances).toEqual([{ currency: 'USDT', balance: '1.000', frozen: '0.000', displayName: 'USDT' }]);
    expect(session.unreadList).toHaveLength(1);
    resetSession();
    expect(session.profile).toBeNull();
    expect(session.identityStatus).toBeNull();
    expect(session.balances).toBeNull();
    expect(session.unreadList).toEqual([]);
    expect(session.homeConfig).toEqual(homeConfig);
  });
});
