// Proves the rewards screens in Chromium against the real server on a fresh e2e database: a demo
// user checks in once on /LotteryCheckIn (the calendar marks today, the button is disabled with
// its reason, the reward lands in the spot balance exactly, a second try pays nothing), the lucky
// draw shows its prizes and odds with no ticket to draw, and a visitor is asked to log in.
// The demo user is tester@: no other test reads trader2's USDT exactly, but convert.spec converts
// 10 of trader2's USDT, which could land between this test's two reads; tester's USDT total moves
// in no other test (its orders rest far below the market and are cancelled: holds, no fills), and
// no other test checks anyone in.
import type { APIRequestContext } from '@playwright/test';
import { signInContext } from './support/signin';
import { expect, test } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const USER = 'tester@demo.exchange';

async function spotUsdt(request: APIRequestContext, csrf: string): Promise<string> {
  const answer = await request.post('/api/v1/balance/get?currency=USDT', { data: {}, headers: { 'X-XSRF-TOKEN': csrf } });
  return ((await answer.json()) as { data: { balance: string } }).data.balance;
}

/** A USDT amount of up to six places in units (no float on money). */
function usdtUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

test.describe('rewards', () => {
  test.use({ viewport: DESKTOP });

  test('R-ROUTE-03 R-API-02 a user checks in once: the calendar marks today, the button says why it is done, the reward is in the balance', async ({ context }) => {
    const csrf = await signInContext(context, USER);
    const before = await spotUsdt(context.request, csrf);
    const page = await context.newPage();
    await page.goto('/en/LotteryCheckIn');
    await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
    await expect(page.getByTestId('page-title')).toHaveText('Daily check-in');
    const checkin = page.getByTestId('checkin');
    await expect(checkin).toHaveAttribute('data-checked-today', 'false');
    await expect(page.getByTestId('checkin-next-reward')).toContainText('+0.1 USDT');
    await expect(page.getByTestId('checkin-rewards').locator('li')).toHaveCount(7);
    const today = new Date().getUTCDate();
    const todayCell = page.getByTestId('checkin-calendar').locator(`td[data-day="${today}"]`);
    await expect(todayCell).toHaveAttribute('data-today', 'true');
    await expect(todayCell).not.toHaveAttribute('data-checked', 'true');

    await page.getByTestId('checkin-submit').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Checked in: +0.1 USDT' })).toHaveAttribute('data-tone', 'success');
    await expect(checkin).toHaveAttribute('data-checked-today', 'true');
    await expect(todayCell).toHaveAttribute('data-checked', 'true');
    await expect(todayCell).toContainText('checked in');
    await expect(page.getByTestId('checkin-streak')).toContainText('1');
    const button = page.getByTestId('checkin-submit');
    await expect(button).toBeDisabled();
    await expect(button).toHaveText('Checked in today');
    await expect(button).toHaveAccessibleDescription(/Come back tomorrow/);
    expect(usdtUnits(await spotUsdt(context.request, csrf))).toBe(usdtUnits(before) + 100_000n);

    // A second try, straight at the server, is refused and pays nothing.
    const again = await context.request.post('/api/v1/checkin', { data: {}, headers: { 'X-XSRF-TOKEN': csrf } });
    expect(((await again.json()) as { errcode: number }).errcode).toBe(2201);
    expect(usdtUnits(await spotUsdt(context.request, csrf))).toBe(usdtUnits(before) + 100_000n);
  });

  test('the lucky draw shows its prizes with their odds; without a ticket the Draw button says how to earn one', async ({ context }) => {
    await signInContext(context, USER);
    const page = await context.newPage();
    await page.goto('/en/Profile/Award/Luckydraw');
    await expect(page.getByTestId('page-title')).toHaveText('Lucky draw');
    const prizes = page.getByTestId('luckydraw-prizes').locator('tbody tr');
    await expect(prizes).toHaveCount(5);
    await expect(prizes.first()).toContainText('0.5 USDT');
    await expect(prizes.first()).toContainText('60%');
    await expect(page.getByTestId('luckydraw-tickets')).toContainText('0');
    const draw = page.getByTestId('luckydraw-submit');
    await expect(draw).toBeDisabled();
    await expect(draw).toHaveAccessibleDescription('You have no tickets. Check in 7 days in a row to earn one.');
  });

  test('R-ROLE-01 a visitor is asked to log in and comes back to the check-in', async ({ page }) => {
    await page.goto('/en/LotteryCheckIn');
    await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedOut');
    await page.getByTestId('profile-signin-link').click();
    await expect(page).toHaveURL(/\/en\/login\?from=%2Fen%2FLotteryCheckIn$/);
  });
});
