// Proves the operator console in Chromium against the real server: visitors are asked to log in and
// users who are not operators are refused without seeing a section; an operator moves between the
// sections by the console's navigation (the help desk among them), runs the ledger audit, reads the
// scheduler and the robots' state, finds accounts and changes one's VIP level and test access
// through the operator API, which the account's next read shows.
import type { APIRequestContext } from '@playwright/test';
import { signIn } from './support/signin';
import { expect, test } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Account {
  id: number;
  email: string | null;
  vipLevel: number;
  testEnabled: boolean;
}

async function findAccount(api: APIRequestContext, email: string): Promise<Account> {
  const answer = await api.get('/api/v1/operator/users', { params: { q: email } });
  const body = (await answer.json()) as { errcode: number; data: { accounts: Account[] } };
  expect(body.errcode).toBe(0);
  const account = body.data.accounts.find((item) => item.email === email);
  expect(account, email).toBeDefined();
  return account!;
}

test.describe('the operator console', () => {
  test('asks a visitor to log in and refuses a user who is not an operator, showing no section', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/en/operator');
    await expect(page.getByTestId('console-signin')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Operator console');

    await signIn(context.request, 'trader1@demo.exchange');
    for (const path of ['/en/operator', '/en/operator/users']) {
      await page.goto(path);
      await expect(page.getByTestId('console-refused')).toContainText('The operator console is for operators.');
      await expect(page.getByTestId('operator-overview').or(page.getByTestId('operator-users'))).toHaveCount(0);
    }
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await context.close();
  });

  test('leads an operator through its sections: overview with the audit, scheduler, outbox and robots, users, help desk', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signIn(context.request, 'operator@demo.exchange');
    const page = await context.newPage();
    await page.goto('/en/operator');
    await expect(page.getByTestId('operator-overview')).toBeVisible();
    await expect(page.getByTestId('operator-nav-overview')).toHaveAttribute('aria-current', 'page');

    await page.getByTestId('audit-run').click();
    await expect(page.getByTestId('audit-result')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('audit-result')).toContainText('Balanced');

    await expect(page.getByTestId('jobs-failed')).toBeVisible();
    await expect(page.getByTestId('failed-jobs')).toBeVisible();
    // The outbox: what waits, what is tried again, and nothing set aside on the demo.
    await expect(page.getByTestId('events-pending')).toBeVisible();
    await expect(page.getByTestId('events-failed')).toContainText('0');
    await expect(page.getByTestId('failed-events')).toHaveAttribute('data-state', 'empty');
    await expect(page.getByTestId('failed-events')).toContainText('No event has been set aside.');
    await expect(page.getByTestId('robots-state')).toBeVisible();

    await page.getByTestId('operator-nav-users').click();
    await expect(page).toHaveURL(/\/en\/operator\/users$/);
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Users');

    await page.getByTestId('operator-nav-helpdesk').click();
    await expect(page).toHaveURL(/\/en\/operator\/helpdesk$/);
    await expect(page.getByTestId('operator-desk')).toBeVisible();
    await context.close();
  });

  test('finds an account and changes its VIP level and test access, which the operator API then reads', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    await signIn(context.request, 'operator@demo.exchange');
    const email = 'trader2@demo.exchange';
    const before = await findAccount(context.request, email);
    const page = await context.newPage();
    await page.goto('/en/operator/users');
    await page.getByTestId('users-search-input').fill('trader2@demo');
    await page.getByTestId('users-search-submit').click();
    const row = page.locator(`[data-testid="user-row"][data-id="${before.id}"]`);
    await expect(row).toContainText(email);
    await expect(page.getByTestId('user-row')).toHaveCount(1);

    try {
      await row.getByTestId('user-edit').click();
      const dialog = page.getByTestId('user-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('user-save')).toBeDisabled();
      await dialog.getByTestId('user-vip').click();
      await page.getByRole('option', { name: '7', exact: true }).click();
      await dialog.getByTestId('user-test').click();
      await dialog.getByTestId('user-save').click();
      await expect(dialog).toHaveCount(0);
      await expect(row).toContainText('7');
      const after = await findAccount(context.request, email);
      expect(after).toMatchObject({ vipLevel: 7, testEnabled: !before.testEnabled });
    } finally {
      const token = await signIn(context.request, 'operator@demo.exchange');
      await context.request.post('/api/v1/operator/users/update', {
        params: { id: before.id },
        data: { vipLevel: before.vipLevel, testEnabled: before.testEnabled },
        headers: { 'X-XSRF-TOKEN': token },
      });
      await context.close();
    }
  });
});
