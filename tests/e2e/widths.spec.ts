// Proves that no built screen is wider than the screen it is shown on (issue 14): at 320, 390, 820,
// 1024, 1280 and 1440 px, in each of the 13 languages, signed in (the fullest header), the page
// never scrolls sideways. A failure names the screen, the width and the elements that stick out.
import { LANGUAGES, DEFAULT_DISPLAY_LANGUAGE, type Language } from '../../src/shared/languages';
import { waitUntilSettled } from './support/axe';
import { signInContext } from './support/signin';
import { expect, test, type Page } from './support/test';

const WIDTHS = [320, 390, 820, 1024, 1280, 1440] as const;

/** The built screens, by path without the language prefix. */
const SCREENS = [
  '/',
  '/quotes',
  '/exchange?id=btc_usdt',
  '/Exchange/ExchangeCoinOrder',
  '/convert',
  '/Convert/ConvertHistory',
  '/announcements',
  '/college',
  '/post/detail?id=1',
  '/about',
  '/profile/notification',
  '/profile/phoneusernav',
  '/home/moremenu',
  '/help',
  '/Assets',
  '/Assets/AssetDeposit',
  '/Assets/DepositHistory',
  '/Assets/AssetSpot',
  '/Assets/FundDetails',
  '/Assets/LoanHistory',
  '/Assets/AssetWithdraw',
  '/Assets/WithdrawHistory',
  '/LotteryCheckIn',
  '/Profile/Award/Luckydraw',
  '/Profile/DashBoard',
  '/Profile/Individual/UpLoad',
  '/Profile/SecuritySettings',
  '/Profile/Authentication',
  '/Profile/BindEmail',
] as const;

function localPath(language: Language, screen: string): string {
  if (language === DEFAULT_DISPLAY_LANGUAGE) return screen;
  return screen === '/' ? `/${language}` : `/${language}${screen}`;
}

/**
 * How far the page reaches past the viewport's right edge, and what does (the outermost elements
 * past the edge, or those whose own text spills out of them), or null when it fits.
 */
function overflowOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const excess = document.documentElement.scrollWidth - viewport;
    if (excess <= 0) return null;
    const nameOf = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}.${String(element.className).slice(0, 40)}`;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const parent = element.parentElement;
      const sticksOut = box.right > viewport + 0.5 && !(parent && parent.getBoundingClientRect().right > viewport + 0.5);
      const spills = element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible' && box.right + element.scrollWidth - element.clientWidth > viewport + 0.5;
      if (sticksOut) culprits.push(`${nameOf(element)} to ${box.right.toFixed(0)} px`);
      else if (spills) culprits.push(`${nameOf(element)} spills ${element.scrollWidth - element.clientWidth} px`);
      if (culprits.length >= 4) break;
    }
    return `${excess} px too wide: ${culprits.join('; ')}`;
  });
}

async function settleAfterResize(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const language of LANGUAGES) {
  test(`in ${language}, no built screen is wider than a 320, 390, 820, 1024, 1280 or 1440 px screen`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    await signInContext(context, 'trader1@demo.exchange');
    const page = await context.newPage();
    const problems: string[] = [];
    for (const screen of SCREENS) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(localPath(language, screen));
      await waitUntilSettled(page);
      await expect(page.getByTestId('popup-notice')).toBeHidden();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await settleAfterResize(page);
        // The header fits itself to its row over a few frames (full, icons, compact): poll briefly.
        const overflow = await expect
          .poll(() => overflowOf(page), { timeout: 2_000 })
          .toBeNull()
          .then(() => null)
          .catch(async () => overflowOf(page));
        if (overflow) problems.push(`${localPath(language, screen)} at ${width} px: ${overflow}`);
      }
    }
    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
