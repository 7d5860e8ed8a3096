// Proves that every built screen is usable with assistive technology and readable (issue 14): axe-core
// finds no serious or critical WCAG 2.1 A/AA violation on any of them, on a phone (390 px) and on a
// desktop (1440 px), in the light and the dark theme, with its data loaded, for the visitor, the
// signed-in trader and the operator each screen is for. A screen added later joins one of the lists.
// A test checks a run of SCREENS_PER_TEST screens: it loads the first in full and moves to the
// others as the app's links do, without a reload (a fresh browser and a full load for each screen
// made this spec twice as long: 892 s of test time in a CI-like run, 472 s as runs); each run's
// first screen is checked as first loaded. A failure names the screen, the view and the elements.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessibilityFindings, describeFindings, waitUntilSettled } from './support/axe';
import { navigateInApp } from './support/navigation';
import { signInContext } from './support/signin';
import { expect, test, type Browser, type Page } from './support/test';

/** A screen: the path it opens at, and what a person does there first (open an article, say). */
interface Screen {
  path: string;
  then?: (page: Page) => Promise<void>;
  /** Loaded in full wherever it falls in a run (the root's not-found page), as is a screen after one with `then`. */
  fullLoad?: true;
}

const openFirst = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).first().click();
  await waitUntilSettled(page);
};

const VISITOR_SCREENS: Screen[] = [
  { path: '/' },
  { path: '/en/login' },
  { path: '/en/register' },
  { path: '/en/reset' },
  { path: '/en/quotes' },
  { path: '/en/exchange?id=btc_usdt' },
  { path: '/en/futures?id=btc_usdt' },
  { path: '/en/boption?id=btc_usdt' },
  { path: '/en/convert' },
  { path: '/en/help' },
  { path: '/en/profile/notification' },
  { path: '/en/LotteryCheckIn' },
  // A page of an area still to come: its frame and notice.
  { path: '/en/Assets/AssetWithdraw' },
  { path: '/en/no-such-page', fullLoad: true },
];

const TRADER_SCREENS: Screen[] = [
  { path: '/en' },
  { path: '/en/quotes' },
  { path: '/en/exchange?id=btc_usdt' },
  { path: '/en/exchange?id=eth_btc' },
  { path: '/en/Exchange/ExchangeCoinOrder' },
  { path: '/en/futures?id=btc_usdt' },
  { path: '/en/Futures/FuturesContractOrder' },
  { path: '/en/boption?id=btc_usdt' },
  { path: '/en/Boption/BoptionCoinOrder' },
  { path: '/en/convert' },
  { path: '/en/Convert/ConvertHistory' },
  { path: '/en/announcements' },
  { path: '/en/announcements', then: openFirst('post-row') },
  { path: '/en/announcements/search?q=BTC' },
  { path: '/en/briefannouncement' },
  { path: '/en/college' },
  { path: '/en/college', then: openFirst('post-row') },
  { path: '/en/post/detail?id=1' },
  { path: '/en/about' },
  { path: '/en/about/userprotectmeasures' },
  { path: '/en/quotes/quotePost' },
  { path: '/en/home/moremenu' },
  { path: '/en/profile/notification' },
  { path: '/en/profile/phoneusernav' },
  { path: '/en/profile/dashboard' },
  { path: '/en/profile/individual/upload' },
  { path: '/en/help' },
  { path: '/en/Announcements/Components/AnnouncementsFilterList' },
  { path: '/en/College/Components/CollegeList' },
  { path: '/en/College/Components/DetailLeftNav' },
  { path: '/en/Home/Components/HomeBanners' },
  { path: '/en/Home/Components/HomeMarketList' },
  { path: '/en/Home/Components/HomeNewsList' },
  { path: '/en/Home/Components/HomeNotices' },
  { path: '/en/Home/Components/HomeRanks' },
  { path: '/en/Home/Components/HomeTips' },
  { path: '/en/Home/Components/PopupNotice' },
  { path: '/en/Home/Components/TopSearches' },
  { path: '/en/Quotes/Components/CoinLists' },
  { path: '/en/Quotes/Components/NewCoinArea' },
  { path: '/en/Quotes/Components/PromptedSymbol' },
  { path: '/en/Quotes/Components/QuotesMarketTable' },
  { path: '/en/Quotes/Components/TagsWrapper' },
  { path: '/en/Exchange/App/TradingPage' },
  { path: '/en/Exchange/Components/TradingPage' },
  { path: '/en/Exchange/Components/Handicap' },
  { path: '/en/Exchange/Components/LineChart' },
  { path: '/en/Exchange/Components/RelatedMarkets' },
  { path: '/en/Exchange/Components/RobotComponent' },
  { path: '/en/Exchange/Components/EntrustOrder' },
  { path: '/en/Exchange/Components/CurrentOrder' },
  { path: '/en/Exchange/Components/HistoricalOrders' },
  { path: '/en/Exchange/Components/LatestTrade' },
  { path: '/en/Exchange/Components/MarketList' },
  { path: '/en/Futures/App/TradingPage' },
  { path: '/en/Futures/Components/TradingPage' },
  { path: '/en/Futures/Components/CloseAllOrdersModal' },
  { path: '/en/Futures/Components/CloseOrderModal' },
  { path: '/en/Futures/Components/OrderConfirmModal' },
  { path: '/en/Futures/Components/OpenOrderStats' },
  { path: '/en/Futures/Components/HoldOrder' },
  { path: '/en/Futures/Components/TradePopups' },
  { path: '/en/Futures/Components/UpdateStopPointsModal' },
  { path: '/en/Boption/Components/TradingPage' },
  { path: '/en/Boption/Components/MarketList' },
  { path: '/en/Boption/Components/OrderList' },
  { path: '/en/Boption/Components/OrderConfirmModal' },
  { path: '/en/Boption/Components/OrderProgress' },
  { path: '/en/Boption/Components/CurrentOrder' },
  { path: '/en/Boption/Components/HistoricalOrders' },
  { path: '/en/Boption/Components/LatestTrade' },
  { path: '/en/Convert/Components/ConvertForm' },
  { path: '/en/Convert/Components/ConvertTable' },
  // The security screens only read: the trader's settings stay as they are.
  { path: '/en/Profile/SecuritySettings' },
  { path: '/en/Profile/Authentication' },
  { path: '/en/Profile/BindEmail' },
  { path: '/en/LotteryCheckIn' },
  { path: '/en/Profile/Award/Luckydraw' },
  { path: '/en/Assets/AssetDeposit' },
  { path: '/en/Assets/DepositHistory' },
  { path: '/en/Assets' },
  { path: '/en/Assets', then: openFirst('assets-transfer') },
  { path: '/en/Assets/AssetSpot' },
  { path: '/en/Assets/AssetContract' },
  { path: '/en/Assets/Finance' },
  { path: '/en/Assets/AssetLoan' },
  { path: '/en/Assets/FundDetails' },
  { path: '/en/Assets/FinanceRecord' },
  { path: '/en/Assets/LoanHistory' },
  { path: '/en/Assets/AssetWithdraw' },
  { path: '/en/Assets/WithdrawHistory' },
];

const OPERATOR_SCREENS: Screen[] = [
  { path: '/en/operator' },
  { path: '/en/operator/users' },
  { path: '/en/operator/identity' },
  { path: '/en/operator/withdrawals' },
  { path: '/en/operator/markets' },
  { path: '/en/operator/coins' },
  { path: '/en/operator/limits' },
  { path: '/en/operator/content' },
  { path: '/en/operator/notify' },
  { path: '/en/operator/settings' },
  { path: '/en/operator/helpdesk' },
  { path: '/en/operator/auditlog' },
];

/** Signed-in browser states, one per account, made once per worker: each screen opens in a fresh context of it. */
const states = new Map<string, string>();
async function stateOf(browser: Browser, account: string | null): Promise<string | undefined> {
  if (!account) return undefined;
  let file = states.get(account);
  if (!file) {
    const context = await browser.newContext();
    await signInContext(context, account);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-a11y-'));
    // Removed when the worker ends: a hook of the file would run after each test, as tests run one by one (fullyParallel).
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    file = path.join(folder, 'state.json');
    await context.storageState({ path: file });
    await context.close();
    states.set(account, file);
  }
  return file;
}

/** What a failure or a step calls a screen. */
function nameOf(screen: Screen): string {
  return `${screen.path}${screen.then ? ' (first item opened)' : ''}`;
}

async function checkScreens(browser: Browser, account: string | null, screens: Screen[]): Promise<void> {
  test.setTimeout(30_000 + screens.length * 20_000);
  // Without the service worker: in each fresh context its install fetches the whole shell again,
  // while axe reads the page (the trader's 91 screens took 11.6 minutes with it and 9.2 without,
  // two workers on a slow 2-core machine). What the page shows does not depend on it; the PWA's
  // spec tests the worker.
  const context = await browser.newContext({ storageState: await stateOf(browser, account), serviceWorkers: 'block' });
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    for (const [index, screen] of screens.entries()) {
      await test.step(nameOf(screen), async () => {
        // After a screen where something was opened (a dialog, an article), the next loads in full:
        // nothing opened there may stay over it.
        if (index === 0 || screen.fullLoad || screens[index - 1]?.then) await page.goto(screen.path);
        else await navigateInApp(page, screen.path);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await waitUntilSettled(page);
        // The demo's popup notice covers the home page on a first visit: the suite's handler closes it
        // as a person would (support/popupNotice.ts) when this assertion finds it in the way.
        await expect(page.getByTestId('popup-notice')).toBeHidden();
        await screen.then?.(page);
        const findings = await accessibilityFindings(page);
        if (findings.length > 0) problems.push(`${nameOf(screen)}:\n${describeFindings(findings)}`);
      });
    }
  } finally {
    await context.close();
  }
  expect(problems, problems.join('\n\n')).toEqual([]);
}

const GROUPS: [title: string, account: string | null, screens: Screen[]][] = [
  ['a visitor', null, VISITOR_SCREENS],
  ['a signed-in trader', 'trader1@demo.exchange', TRADER_SCREENS],
  ['an operator', 'operator@demo.exchange', OPERATOR_SCREENS],
];

/** Screens per test: a run of eight took 25-40 s in a CI-like run on a slow 2-core machine. */
const SCREENS_PER_TEST = 8;

for (const [title, account, screens] of GROUPS) {
  test.describe(`accessibility for ${title}`, () => {
    for (let start = 0; start < screens.length; start += SCREENS_PER_TEST) {
      const run = screens.slice(start, start + SCREENS_PER_TEST);
      const first = nameOf(run[0] as Screen);
      const names = run.length === 1 ? first : `${first} and ${run.length - 1} more`;
      test(`${names}: no serious or critical axe violation on a phone and a desktop, light and dark`, async ({ browser }) => {
        await checkScreens(browser, account, run);
      });
    }
  });
}
