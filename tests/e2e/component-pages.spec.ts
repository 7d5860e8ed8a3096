// Proves the component pages of the built areas (spec 2 {Section}/{Group}/{Page}, issue 13): each
// renders its component in the page frame, live, instead of the coming-soon notice; and the
// exchange's trading robot places a ladder of limit orders that then show among the user's orders.
import { signInContext } from './support/signin';
import { expect, test } from './support/test';

/** Every component page of home, quotes, exchange, binary options and convert, with what shows that it is built. */
const BUILT: [path: string, title: string, shows: string][] = [
  ['/Home/Components/HomeBanners', 'Home banners', 'home-banners'],
  ['/Home/Components/HomeMarketList', 'Home market list', 'home-markets'],
  ['/Home/Components/HomeNewsList', 'Home news', 'home-news'],
  ['/Home/Components/HomeNotices', 'Home notices', 'home-notices'],
  ['/Home/Components/HomeRanks', 'Market rankings', 'home-ranks'],
  ['/Home/Components/HomeTips', 'Home tips', 'home-tips'],
  ['/Home/Components/PopupNotice', 'Popup notice', 'popup-notices'],
  ['/Home/Components/TopSearches', 'Top searches', 'top-searches'],
  ['/Quotes/Components/CoinLists', 'Coin lists', 'coin-lists'],
  ['/Quotes/Components/NewCoinArea', 'New coins', 'new-coins'],
  ['/Quotes/Components/PromptedSymbol', 'Featured market', 'prompted-symbols'],
  ['/Quotes/Components/QuotesMarketTable', 'Market table', 'quotes-table'],
  ['/Quotes/Components/TagsWrapper', 'Market tags', 'market-tags'],
  ['/Exchange/App/TradingPage', 'Spot trading (app)', 'exchange-screen'],
  ['/Exchange/Components/TradingPage', 'Spot trading page', 'exchange-screen'],
  ['/Exchange/Components/Handicap', 'Order book', 'exchange-book'],
  ['/Exchange/Components/LineChart', 'Price chart', 'exchange-chart'],
  ['/Exchange/Components/RelatedMarkets', 'Related markets', 'exchange-markets'],
  ['/Exchange/Components/RobotComponent', 'Trading robot', 'ladder-robot'],
  ['/Exchange/Components/EntrustOrder', 'Place an order', 'exchange-order-form'],
  ['/Exchange/Components/CurrentOrder', 'Open spot orders', 'orders-visitor'],
  ['/Exchange/Components/HistoricalOrders', 'Spot order history', 'orders-visitor'],
  ['/Exchange/Components/LatestTrade', 'Latest spot trades', 'exchange-trades'],
  ['/Exchange/Components/MarketList', 'Spot markets', 'exchange-markets'],
  ['/Boption/Components/TradingPage', 'Binary options trading', 'boption-screen'],
  ['/Boption/Components/MarketList', 'Binary options markets', 'boption-markets'],
  ['/Boption/Components/OrderList', 'Binary options order list', 'boption-orders'],
  ['/Boption/Components/OrderConfirmModal', 'Confirm binary option order', 'boption-form'],
  ['/Boption/Components/OrderProgress', 'Binary option in progress', 'boption-part-visitor'],
  ['/Boption/Components/CurrentOrder', 'Current binary options orders', 'boption-part-visitor'],
  ['/Boption/Components/HistoricalOrders', 'Binary options order history', 'boption-part-visitor'],
  ['/Boption/Components/LatestTrade', 'Latest binary options trades', 'boption-trades'],
  ['/Convert/Components/ConvertForm', 'Convert form', 'convert-form'],
  ['/Convert/Components/ConvertTable', 'Convert records', 'convert-history-signin'],
];

test('the component pages of home (8), quotes (5), exchange (11), binary options (8) and convert (2) are 34', () => {
  expect(BUILT).toHaveLength(34);
});

for (const [path, title, shows] of BUILT) {
  test(`${path} renders its component in the page frame`, async ({ page }) => {
    await page.goto(`/en${path}`);
    await expect(page.getByTestId('page-title')).toHaveText(title);
    await expect(page.getByTestId('component-page').getByTestId(shows).first()).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  });
}

test('a component page of an exchange part follows the market its id names, and the app trading page is the phone layout at any width', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/en/Exchange/App/TradingPage?id=eth_usdt');
  await expect(page.getByTestId('exchange-screen')).toHaveAttribute('data-layout', 'phone');
  await expect(page.getByTestId('exchange-screen')).toHaveAttribute('data-symbol', 'ETH_USDT');
  await page.goto('/en/Exchange/Components/RelatedMarkets?id=eth_usdt');
  await expect(page.getByTestId('market-link').filter({ hasText: 'ETH/BTC' })).toBeVisible();
  await page.goto('/en/Exchange/Components/Handicap?id=nope_usdt');
  await expect(page.getByTestId('exchange-unknown')).toBeVisible();
});

test('the trading robot previews a ladder of limit orders, places them one by one and they show among the open orders', async ({ page, context }) => {
  const csrfToken = await signInContext(context, 'merchant@demo.exchange');
  await page.goto('/en/Exchange/Components/RobotComponent?id=btc_usdt');
  const robot = page.getByTestId('ladder-robot');
  await robot.getByTestId('ladder-low-input').fill('1000');
  await robot.getByTestId('ladder-high-input').fill('1000.02');
  await robot.getByTestId('ladder-count').getByRole('spinbutton').fill('4');
  await robot.getByTestId('ladder-total-input').fill('0.04');
  // Four orders cannot fit two price steps apart: the robot says so and places nothing.
  await expect(robot.getByTestId('ladder-problem')).toHaveText('The prices are too close together for 4 orders.');
  await expect(robot.getByTestId('ladder-place')).toBeDisabled();

  await robot.getByTestId('ladder-high-input').fill('1003');
  const preview = robot.getByTestId('ladder-preview');
  await expect(preview.locator('tbody tr')).toHaveCount(4);
  await expect(preview.locator('tbody tr').first()).toContainText('1000 USDT');
  await expect(preview.locator('tbody tr').last()).toContainText('1003 USDT');
  await expect(robot.getByTestId('ladder-total-value')).toHaveText('You spend 40.06 USDT in all.');

  await robot.getByTestId('ladder-place').click();
  await expect(robot.getByTestId('ladder-done')).toContainText('All 4 orders placed.');

  await page.goto('/en/Exchange/Components/CurrentOrder');
  const open = page.getByTestId('open-orders');
  for (const price of ['1000', '1001', '1002', '1003']) await expect(open.getByText(new RegExp(`^${price}(\\.0+)?$`)).first()).toBeVisible();

  // Tidy up: the merchant's ladder is cancelled through the API.
  const active = await context.request.post('/api/v1/exchange/activeorders', { data: {}, headers: { 'X-XSRF-TOKEN': csrfToken } });
  const orders = ((await active.json()) as { data: { id: number; price: string | null }[] }).data;
  for (const order of orders.filter((entry) => ['1000.00', '1001.00', '1002.00', '1003.00'].includes(entry.price ?? ''))) {
    await context.request.post(`/api/v1/exchange/cancelorder?id=${order.id}`, { data: {}, headers: { 'X-XSRF-TOKEN': csrfToken } });
  }
});

test('the trading robot stops at the first refused order and says how many were placed', async ({ page, context }) => {
  const csrfToken = await signInContext(context, 'merchant@demo.exchange');
  await page.goto('/en/Exchange/Components/RobotComponent?id=btc_usdt');
  const robot = page.getByTestId('ladder-robot');
  await robot.getByTestId('ladder-side-sell').click();
  // More BTC than the merchant holds: the first order is refused and nothing is placed.
  await robot.getByTestId('ladder-low-input').fill('900000');
  await robot.getByTestId('ladder-high-input').fill('900100');
  await robot.getByTestId('ladder-total-input').fill('500');
  await robot.getByTestId('ladder-place').click();
  await expect(robot.getByTestId('ladder-stopped')).toContainText('0 of 5 orders placed: the robot stopped.');
  const active = await context.request.post('/api/v1/exchange/activeorders', { data: {}, headers: { 'X-XSRF-TOKEN': csrfToken } });
  const orders = ((await active.json()) as { data: { price: string | null }[] }).data;
  expect(orders.filter((order) => order.price?.startsWith('9000'))).toEqual([]);
});

test('a visitor on the trading robot is asked to log in and comes back to it', async ({ page }) => {
  await page.goto('/en/Exchange/Components/RobotComponent?id=btc_usdt');
  await expect(page.getByTestId('ladder-login')).toHaveAttribute('href', /\/en\/login\?from=/);
});

test('the open orders of every market are cancelled together with Cancel all, after a confirmation, and the focus stays on the table', async ({ page, context }) => {
  // The tester's orders: no other test places or cancels them.
  const csrfToken = await signInContext(context, 'tester@demo.exchange');
  for (const [symbol, price] of [
    ['BTC_USDT', '1000.00'],
    ['ETH_USDT', '100.00'],
  ] as const) {
    const answer = await context.request.post('/api/v1/exchange/create', { data: { symbol, side: 'buy', type: 'limit', price, quantity: '0.01' }, headers: { 'X-XSRF-TOKEN': csrfToken } });
    expect(((await answer.json()) as { errcode: number }).errcode).toBe(0);
  }
  await page.goto('/en/Exchange/Components/CurrentOrder');
  const open = page.getByTestId('open-orders');
  await expect(open.getByTestId('order-row')).not.toHaveCount(0);
  const count = await open.getByTestId('order-row').count();
  await page.getByTestId('orders-cancel-all').click();
  const dialog = page.getByTestId('cancel-all-dialog');
  await expect(dialog).toContainText(`Your ${count} open orders on every market will be cancelled`);
  await page.getByTestId('cancel-all-dialog-confirm').click();
  await expect(page.getByTestId('toast')).toHaveText([`Orders cancelled: ${count}`]);
  await expect(page.getByTestId('open-orders-empty')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('[data-testid="open-orders"]') !== null)).toBe(true);
  const active = await context.request.post('/api/v1/exchange/activeorders', { data: {}, headers: { 'X-XSRF-TOKEN': csrfToken } });
  expect(((await active.json()) as { data: unknown[] }).data).toEqual([]);
});
