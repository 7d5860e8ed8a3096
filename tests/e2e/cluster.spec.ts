// Proves the platform as a cluster (issue 19) in Chromium: the real built app through HAProxy in front of three server instances on one PostgreSQL and one Redis (scripts/lib/cluster.ts, started here; it installs what is missing). A user signed in through the balancer, stuck to one instance by its cookie, sees an order placed for them through another instance in the book and in their open orders without a reload, and sees it leave both when a third instance cancels it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { startCluster, type Cluster } from '../../scripts/lib/cluster';
import { signIn, signInContext } from './support/signin';
import { expect, test } from './support/test';
import { freePort } from '../helpers/freePort';

const WEB_ROOT = process.env.E2E_WEB_ROOT ?? 'dist';
const USER = 'trader1@demo.exchange';
/** Far below any price the seed or a robot gives BTC: the only bid in a book with robots off. */
const PRICE = '1000.00';

/** The user signed in on one instance directly (its own session), for calls past the balancer. */
async function signedInAt(baseURL: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await apiRequest.newContext({ baseURL });
  return { api, csrf: await signIn(api, USER) };
}

test.describe('a cluster of three instances behind HAProxy', () => {
  test.describe.configure({ mode: 'serial' });
  let cluster: Cluster | undefined;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-e2e-cluster-'));
    // Robots off: the test's order is the book's only bid. The rate limits as the main suite has them.
    cluster = await startCluster({ instances: 3, dataDir, port: await freePort(), webRoot: WEB_ROOT, env: { LOG_LEVEL: 'warn', ROBOTS: 'off', RATE_LIMIT_SCALE: '10' } });
  });

  test.afterAll(async () => {
    test.setTimeout(120_000);
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('R-API-01 an order placed through another instance reaches the book and the open orders of a page served by the balancer, live', async ({ browser }) => {
    const { url, instances } = cluster!;
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
    await signInContext(context, USER);
    const page = await context.newPage();
    await page.goto('/en/exchange?id=btc_usdt');
    await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
    await expect(page.getByTestId('exchange-screen')).toBeVisible();
    await expect(page.getByTestId('open-orders')).toContainText('No open orders.');

    // The balancer's cookie names the instance that serves this browser; the order goes through another.
    const cookies = await context.cookies(url);
    const servedBy = cookies.find((cookie) => cookie.name === 'SERVERID')?.value;
    expect(instances.map((instance) => instance.id)).toContain(servedBy);
    const [placing, cancelling] = instances.filter((instance) => instance.id !== servedBy);
    const placer = await signedInAt(placing!.url);
    const created = await placer.api.post('/api/v1/exchange/create', {
      data: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: PRICE, quantity: '0.001' },
      headers: { 'X-XSRF-TOKEN': placer.csrf },
    });
    const body = (await created.json()) as { errcode: number; data: { id: number } };
    expect(body.errcode, JSON.stringify(body)).toBe(0);

    // No reload: the book's delta and the private order event come over the page's socket.
    const bid = page.getByTestId('book-bids').getByTestId('book-row').filter({ hasText: PRICE });
    await expect(bid).toHaveCount(1);
    const row = page.getByTestId('open-orders').locator(`[data-testid="order-row"][data-order-id="${body.data.id}"]`);
    await expect(row).toBeVisible();

    const canceller = await signedInAt(cancelling!.url);
    const cancelled = await canceller.api.post(`/api/v1/exchange/cancelorder?id=${body.data.id}`, { data: {}, headers: { 'X-XSRF-TOKEN': canceller.csrf } });
    expect(((await cancelled.json()) as { errcode: number }).errcode).toBe(0);
    await expect(bid).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await Promise.all([placer.api.dispose(), canceller.api.dispose(), context.close()]);
  });
});
