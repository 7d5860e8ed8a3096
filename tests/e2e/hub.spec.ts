// Proves the hub in Chromium against the real server: 1, 3 and 10 tabs make no more requests than
// one tab plus one (counted on the server) and every tab updates, with a SharedWorker and with
// SharedWorker removed (the Web Locks leader); sign-out in one tab signs out the others; and a
// second tab paints quotes from IndexedDB before the network answers.
import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { hubRequestCount, markContext, readRequestLog, resetRequestLog, type RequestLog } from './request-log';
import { signInContext } from './support/signin';
import { waitUntilSettled } from './support/axe';

const WINDOW_MS = 30_000;
const TAB_COUNTS = [1, 3, 10] as const;
const TICKER_SYMBOLS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT'];
const DEMO_USER = { username: 'trader1@demo.exchange', password: 'Demo1234!' };

/** A ticker row as the page showed it at one moment. */
interface TickerState {
  symbol: string;
  source: string;
  price: string;
  at: number;
}

declare global {
  interface Window {
    tickerHistory?: TickerState[];
  }
}

/** Chrome for Android before 148 has no SharedWorker: the tabs elect a leader instead. */
const REMOVE_SHARED_WORKER = 'delete globalThis.SharedWorker;';

const MODES = [
  { name: 'with SharedWorker', removeSharedWorker: false },
  { name: 'without SharedWorker (Web Locks leader)', removeSharedWorker: true },
] as const;

interface HubContext {
  context: BrowserContext;
  client: string;
}

async function openContext(browser: Browser, baseURL: string, removeSharedWorker: boolean): Promise<HubContext> {
  const context = await browser.newContext({ baseURL });
  if (removeSharedWorker) await context.addInitScript(REMOVE_SHARED_WORKER);
  const client = await markContext(context, baseURL);
  return { context, client };
}

/** Each ticker row's count of quotes received, by symbol. */
async function tickerUpdates(page: Page): Promise<Record<string, number>> {
  const rows = page.getByTestId('ticker-row');
  const updates: Record<string, number> = {};
  for (const row of await rows.all()) {
    updates[(await row.getAttribute('data-symbol')) ?? ''] = Number(await row.getAttribute('data-updates'));
  }
  return updates;
}

function totalOf(updates: Record<string, number>): number {
  return Object.values(updates).reduce((sum, count) => sum + count, 0);
}

/** A new tab that records every state its ticker rows pass through, from the first paint on. */
async function openRecordingTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: TickerState[] = [];
    window.tickerHistory = seen;
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-testid="ticker-row"]')) {
        const entry = {
          symbol: row.getAttribute('data-symbol') ?? '',
          source: row.getAttribute('data-source') ?? '',
          price: row.querySelector('[data-testid="ticker-price"]')?.textContent ?? '',
          at: performance.now(),
        };
        const last = seen.filter((known) => known.symbol === entry.symbol).at(-1);
        if (!last || last.source !== entry.source || last.price !== entry.price) seen.push(entry);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.goto('/en');
  return page;
}

/**
 * How long a tab may take to show its ticker and count: what the tab shows, not how fast (the
 * timed claims have their own limits). On a loaded machine, closing a popup notice over one of ten
 * tabs (the suite's handler, which runs inside the wait) took 7.6 s of a 10 s wait.
 */
const LIVE_TAB_TIMEOUT_MS = 30_000;

async function expectTicker(page: Page): Promise<void> {
  await expect(page.getByTestId('ticker-row')).toHaveCount(TICKER_SYMBOLS.length, { timeout: LIVE_TAB_TIMEOUT_MS });
  for (const row of await page.getByTestId('ticker-row').all()) await expect(row.getByTestId('ticker-price')).toHaveText(/^\d/, { timeout: LIVE_TAB_TIMEOUT_MS });
}

async function expectLiveTab(page: Page): Promise<void> {
  await expectTicker(page);
  await expect(page.getByTestId('unread-count')).toHaveText(/^\d+$/, { timeout: LIVE_TAB_TIMEOUT_MS });
}

/**
 * How long each tab is given, after the window, to show a quote newer than those it showed when
 * all were live. A wait for it rather than a fixed watch: the robots trade at random, about one
 * quote change in 4 s over the three symbols, so a fixed 15 s saw none in some tab of ten now and
 * then (and when opening the tabs outlasted the window, there was no watch at all).
 */
const TAB_UPDATE_TIMEOUT_MS = 30_000;

/**
 * How each mode's single tab measured, for the 3- and 10-tab runs to compare with: its requests
 * and how long its window lasted (30 s, or longer when opening the tabs took longer than that).
 */
const oneTabRequests = new Map<string, { requests: number; windowMs: number }>();

/**
 * The most requests a run may make: one tab's plus one, over a window as long as the run's. On a
 * loaded machine, opening ten tabs alone took over 30 s, and the window (which counts their start)
 * ran on past it; the hub polls at a fixed pace, so a window a fifth longer allows a fifth more.
 */
function allowedRequests(baseline: { requests: number; windowMs: number }, windowMs: number): number {
  return Math.ceil((baseline.requests + 1) * Math.max(1, windowMs / baseline.windowMs));
}

function summary(log: RequestLog): string {
  return Object.entries(log.counts)
    .filter(([key]) => / \/(api|socket\.io)\//.test(key))
    .map(([key, count]) => `${key}=${count}`)
    .join(', ');
}

for (const mode of MODES) {
  test.describe(`the hub ${mode.name}`, () => {
    test.describe.configure({ mode: 'serial' });

    for (const tabCount of TAB_COUNTS) {
      test(`${tabCount} tab(s) for 30 s make at most one tab's requests plus one, and every tab updates`, async ({ browser, baseURL }, testInfo) => {
        test.setTimeout(WINDOW_MS + 180_000);
        const { context, client } = await openContext(browser, baseURL ?? '', mode.removeSharedWorker);
        await signInContext(context, DEMO_USER.username);
        await resetRequestLog(context.request, client);
        const windowStartedAt = Date.now();

        const pages: Page[] = [];
        const tabApiRequests: string[] = [];
        for (let index = 0; index < tabCount; index += 1) {
          const page = await context.newPage();
          // What a tab's own document fetches (a SharedWorker's requests never show here).
          page.on('request', (request) => {
            if (new URL(request.url()).pathname.startsWith('/api/')) tabApiRequests.push(request.url());
          });
          await page.goto('/en');
          pages.push(page);
        }
        for (const page of pages) await expectLiveTab(page);
        const updatesAtStart = await Promise.all(pages.map(tickerUpdates));

        await pages[0]!.waitForTimeout(Math.max(0, windowStartedAt + WINDOW_MS - Date.now()));
        const log = await readRequestLog(context.request, client);
        const windowMs = Date.now() - windowStartedAt;
        // Every tab keeps updating: each shows a newer quote than when all were live.
        for (const [index, page] of pages.entries()) {
          await expect
            .poll(async () => totalOf(await tickerUpdates(page)), { message: `tab ${index + 1} got quotes`, timeout: TAB_UPDATE_TIMEOUT_MS })
            .toBeGreaterThan(totalOf(updatesAtStart[index]!));
        }
        const unread = await Promise.all(pages.map((page) => page.getByTestId('unread-count').innerText()));
        await context.close();

        const requests = hubRequestCount(log);
        testInfo.annotations.push({ type: 'requests', description: `${tabCount} tab(s), ${mode.name}: ${requests} in ${(windowMs / 1000).toFixed(1)} s (${summary(log)})` });
        console.log(`[hub] ${mode.name}, ${tabCount} tab(s): ${requests} requests in ${(windowMs / 1000).toFixed(1)} s: ${summary(log)}`);

        // Every tab shows the same unread count.
        expect(new Set(unread).size).toBe(1);
        // One socket for every tab, and no tab fetched on its own.
        expect(Object.entries(log.counts).filter(([key]) => key.startsWith('GET /socket.io/')).reduce((sum, [, count]) => sum + count, 0)).toBe(1);
        if (!mode.removeSharedWorker) expect(tabApiRequests).toEqual([]);

        if (tabCount === 1) oneTabRequests.set(mode.name, { requests, windowMs });
        const baseline = oneTabRequests.get(mode.name);
        expect(baseline, 'the 1-tab run of this mode comes first').toBeDefined();
        expect(requests, `one tab made ${baseline?.requests} in ${((baseline?.windowMs ?? 0) / 1000).toFixed(1)} s`).toBeLessThanOrEqual(allowedRequests(baseline!, windowMs));
      });
    }

    test('signing out in one tab signs out the others within a second', async ({ browser, baseURL }) => {
      const { context } = await openContext(browser, baseURL ?? '', mode.removeSharedWorker);
      const pages = [await context.newPage(), await context.newPage(), await context.newPage()];
      for (const page of pages) {
        await page.goto('/en');
        await expect(page.getByTestId('signin-form')).toBeVisible();
      }
      // Each tab settled before the timed part: a popup notice that opened after a tab's first
      // check is closed now (the suite's handler runs for the check), not within the 1 s below.
      for (const page of pages) {
        await waitUntilSettled(page);
        await expect(page.getByTestId('signin-form')).toBeVisible();
      }

      const [first, second, third] = pages as [Page, Page, Page];
      await first.getByLabel('E-mail').fill(DEMO_USER.username);
      await first.getByLabel('Password').fill(DEMO_USER.password);
      await first.getByRole('button', { name: 'Sign in' }).click();
      // Signing in takes the server's password check; from then on every tab knows within a second.
      await expect(first.getByTestId('signed-in-as')).toHaveText(DEMO_USER.username);
      for (const page of [second, third]) await expect(page.getByTestId('signed-in-as')).toHaveText(DEMO_USER.username, { timeout: 1_000 });

      await second.getByRole('button', { name: 'Sign out' }).click();
      for (const page of [first, third, second]) {
        await expect(page.getByTestId('account')).toHaveAttribute('data-session', 'signedOut', { timeout: 1_000 });
        await expect(page.getByTestId('signin-form')).toBeVisible();
      }
      // The session is gone on the server too, not only in the tabs.
      const profile = await context.request.post('/api/v1/account/profile', { data: {} });
      expect(profile.status()).toBe(401);
      await context.close();
    });

    if (mode.removeSharedWorker) {
      test('when the leader tab closes, another tab takes over within a second and keeps updating', async ({ browser, baseURL }) => {
        const { context } = await openContext(browser, baseURL ?? '', true);
        const leader = await context.newPage();
        await leader.goto('/en');
        await expectTicker(leader);
        const follower = await context.newPage();
        await follower.goto('/en');
        await expectTicker(follower);
        const hubBefore = await leader.getByTestId('account').getAttribute('data-hub');
        expect(hubBefore).toBeTruthy();
        await expect(follower.getByTestId('account')).toHaveAttribute('data-hub', hubBefore ?? '');
        const updatesBefore = totalOf(await tickerUpdates(follower));

        await leader.close();
        // The follower now answers to a new hub: its own, started in its own dedicated worker.
        await expect(follower.getByTestId('account')).not.toHaveAttribute('data-hub', hubBefore ?? '', { timeout: 1_000 });
        await expect.poll(async () => totalOf(await tickerUpdates(follower)), { timeout: 15_000 }).toBeGreaterThan(updatesBefore);
        await expect(follower.getByTestId('quote-feed')).toHaveAttribute('data-feed', 'live');
        await context.close();
      });
    }

    test('a second tab shows quotes from IndexedDB before its first network answer', async ({ browser, baseURL }) => {
      const { context } = await openContext(browser, baseURL ?? '', mode.removeSharedWorker);
      const first = await context.newPage();
      await first.goto('/en');
      await expect(first.getByTestId('ticker-row').first().getByTestId('ticker-price')).toHaveText(/^\d/);
      for (const row of await first.getByTestId('ticker-row').all()) await expect(row).not.toHaveAttribute('data-source', 'none');
      // The hub writes quotes to IndexedDB in batches of a second; then the last tab closes and
      // the hub (SharedWorker or the leader's worker) ends with it.
      await first.waitForTimeout(1_500);
      const firstHub = await first.getByTestId('account').getAttribute('data-hub');
      await first.close();

      // The browser ends a SharedWorker shortly after its last tab, not at once: a tab opened
      // before that still reaches the old hub (with its quotes in memory), so wait for a new one.
      let second: Page | undefined;
      for (let attempt = 1; !second; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const candidate = await openRecordingTab(context);
        await expect(candidate.getByTestId('account')).toHaveAttribute('data-hub', /.+/);
        if ((await candidate.getByTestId('account').getAttribute('data-hub')) !== firstHub) second = candidate;
        else await candidate.close();
        expect(attempt, 'the first tab’s hub ends once its last tab closed').toBeLessThan(10);
      }
      const secondTab = second;
      const history = () => secondTab.evaluate(() => window.tickerHistory ?? []);
      const isFromNetwork = (entry: TickerState) => entry.source === 'network' || entry.source === 'socket';
      await expect.poll(async () => (await history()).some(isFromNetwork), { timeout: 10_000 }).toBe(true);

      const recorded = await history();
      for (const symbol of TICKER_SYMBOLS) {
        const painted = recorded.filter((entry) => entry.symbol === symbol && entry.source !== 'none');
        expect(painted[0], `${symbol} first painted from the cache`).toMatchObject({ source: 'cache', price: expect.stringMatching(/^\d/) });
      }
      const firstCache = Math.min(...recorded.filter((entry) => entry.source === 'cache').map((entry) => entry.at));
      const firstNetwork = Math.min(...recorded.filter(isFromNetwork).map((entry) => entry.at));
      expect(firstCache).toBeLessThan(firstNetwork);
      await context.close();
    });
  });
}
