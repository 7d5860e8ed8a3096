// Proves identity verification end to end in Chromium against the real server: a fresh account
// (registered with a code from the server's outbox, so that no demo user's identity or
// notifications change under another test) sends its document with three PNGs written here, which
// the page scales to JPEG before upload; the operator (operator@demo.exchange) opens it in the
// console (the user sees 'under review'), rejects it with a reason the user reads, approves the
// second submission, and the user menu's identity line says Verified. Also: the dashboard's
// sign-in list, picture change and a bank account added and deleted, and axe over the screens
// with their data (the accessibility suite sees them empty).
import sharp from 'sharp';
import { accessibilityFindings, describeFindings, waitUntilSettled } from './support/axe';
import { registerAccount, uniqueEmail } from './support/outbox';
import { signIn, signInContext } from './support/signin';
import { expect, test, type Browser, type Page } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'Verify1234';

/** A small photo-like PNG (a gradient), as a phone would hand the page. */
async function png(width: number, height: number, hue: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = hue;
    pixels[index * 3 + 1] = (index % width) * 2;
    pixels[index * 3 + 2] = Math.floor(index / width) * 2;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** A fresh account signed in (registered, then signed in again: a recorded sign-in) with `path` open. */
async function signedUpPage(browser: Browser, baseURL: string | undefined, path: string): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const email = uniqueEmail();
  await registerAccount(context.request, baseURL, email, PASSWORD);
  await signIn(context.request, email, PASSWORD);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
  return { page, email };
}

async function sendDocuments(page: Page, name: string): Promise<void> {
  const form = page.getByTestId('identity-form');
  await form.getByTestId('identity-name-input').fill(name);
  await form.getByTestId('identity-number-input').fill('E2E 123456');
  for (const [index, side] of (['front', 'back', 'selfie'] as const).entries()) {
    await form.getByTestId(`identity-${side}-button-input`).setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: await png(120, 80, 60 * index) });
    await expect(form.getByTestId(`identity-${side}`)).toHaveAttribute('data-picked', 'true');
  }
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/v1/identityverification'));
  await form.getByTestId('identity-submit').click();
  // Multipart, as spec 7 sends images.
  expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'underReview');
}

async function identityLine(page: Page): Promise<string | null> {
  await page.mouse.move(0, 400);
  await page.getByTestId('user-menu').hover();
  const line = page.getByTestId('identity-status');
  await expect(line).toBeVisible();
  return line.getAttribute('data-state');
}

async function openSubmission(operator: Page, email: string): Promise<void> {
  await operator.goto('/en/operator/identity');
  const row = operator.getByTestId('identity-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByTestId('identity-review').click();
  const dialog = operator.getByTestId('identity-dialog');
  await expect(dialog).toBeVisible();
  for (const side of ['front', 'back', 'selfie']) {
    const image = dialog.getByTestId(`identity-image-${side}`);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }
}

test.describe('identity verification', () => {
  test('R-STATE-07 R-STATE-08 R-HEAD-06 submit, the operator rejects with a reason, submit again, the operator approves, the menu says Verified', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { page, email } = await signedUpPage(browser, baseURL, '/en/profile/individual/upload');
    await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'none');
    await sendDocuments(page, 'Erika Mustermann');
    expect(await identityLine(page)).toBe('underReview');

    const operatorContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(operatorContext, 'operator@demo.exchange');
    const operator = await operatorContext.newPage();
    await openSubmission(operator, email);
    await expect(operator.getByTestId('identity-dialog-name')).toHaveText('Erika Mustermann');
    await expect(operator.getByTestId('identity-dialog-number')).toHaveText('E2E123456');
    // Opened: the user's status is 2, reviewing (spec 3).
    expect(((await (await page.request.get('/api/v1/identityverification')).json()) as { data: number }).data).toBe(2);
    await operator.getByTestId('identity-reject').click();
    await expect(operator.getByTestId('identity-dialog')).toContainText('Write the reason the user will read.');
    await operator.getByTestId('identity-reason').fill('The selfie does not show the document.');
    await operator.getByTestId('identity-reject').click();
    await expect(operator.getByTestId('toast')).toContainText('is rejected');

    await page.reload();
    await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'rejected');
    await expect(page.getByTestId('identity-reject-reason')).toContainText('The selfie does not show the document.');
    await page.getByTestId('identity-resubmit').click();
    await sendDocuments(page, 'Erika Mustermann');

    await openSubmission(operator, email);
    await operator.getByTestId('identity-approve').click();
    await expect(operator.getByTestId('toast')).toContainText('is approved');
    await expect(operator.getByTestId('identity-row').filter({ hasText: email })).toHaveCount(0);
    await operatorContext.close();

    // The menu reads the status (4) and then the profile: the line follows the review.
    await expect.poll(() => identityLine(page), { timeout: 15_000 }).toBe('verified');
    await expect(page.getByTestId('user-name')).toHaveText('Erika Mustermann');
    await page.reload();
    await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'verified');
    await page.goto('/en/profile/dashboard');
    await expect(page.getByTestId('dashboard-identity')).toHaveAttribute('data-state', 'verified');
    await page.context().close();
  });

  test('R-ROLE-05 the dashboard lists the sign-in, changes the picture, and adds and deletes a bank account', async ({ browser, baseURL }) => {
    const { page } = await signedUpPage(browser, baseURL, '/en/profile/dashboard');
    const dashboard = page.getByTestId('profile-dashboard');
    // The sign-in is recorded through the outbox, maybe after the page's first read. Each reload is
    // given 5 s to draw its list: in a CI run on a loaded machine a reload took 3-4 s, and each was
    // looked at for 1 s while it still loaded or had no rows yet, until 15 s of them ran out.
    await expect(async () => {
      await page.reload();
      await expect(dashboard.getByTestId('signin-row')).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(dashboard.getByTestId('dashboard-vip')).toHaveText('VIP 0');
    await expect(dashboard.getByTestId('dashboard-super-vip')).toHaveCount(0);
    await expect(dashboard.getByTestId('dashboard-identity')).toHaveAttribute('data-state', 'incomplete');
    await expect(dashboard.getByTestId('security-level')).toHaveAttribute('data-set', '2');
    await expect(dashboard.getByTestId('shortcut-identity')).toHaveAttribute('href', '/en/profile/individual/upload');

    await dashboard.getByTestId('avatar-change-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png(300, 200, 200) });
    await expect(dashboard.getByTestId('dashboard-avatar').locator('img')).toHaveAttribute('src', /^\/api\/image\/avatar\/[\w-]{24}$/);
    await expect(page.getByTestId('avatar').locator('img')).toHaveAttribute('src', /^\/api\/image\/avatar\//);

    await dashboard.getByTestId('bank-add').click();
    const dialog = page.getByTestId('bank-dialog');
    await dialog.getByTestId('bank-holderName-input').fill('Max Muster');
    await dialog.getByTestId('bank-bankName-input').fill('Demo Bank');
    await dialog.getByTestId('bank-accountNumber-input').fill('12');
    await dialog.getByTestId('bank-save').click();
    await expect(dialog.getByTestId('bank-accountNumber')).toContainText('6 to 34 letters and digits');
    await dialog.getByTestId('bank-accountNumber-input').fill('DE89 3704 0044 0532 0130 00');
    await dialog.getByTestId('bank-save').click();
    const row = dashboard.getByTestId('bank-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('DE89370400440532013000');
    await row.getByTestId('bank-delete').click();
    await page.getByTestId('bank-delete-dialog-confirm').click();
    await expect(dashboard.getByTestId('bank-row')).toHaveCount(0);
    await page.context().close();
  });

  test('with their data, the submission under review, the bank accounts and the operator\'s review dialog have no serious or critical axe violation', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { page, email } = await signedUpPage(browser, baseURL, '/en/profile/individual/upload');
    await sendDocuments(page, 'Axel Checker');
    await waitUntilSettled(page);
    let findings = await accessibilityFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    await page.goto('/en/profile/dashboard');
    await page.getByTestId('bank-add').click();
    const dialog = page.getByTestId('bank-dialog');
    await dialog.getByTestId('bank-holderName-input').fill('Axel Checker');
    await dialog.getByTestId('bank-bankName-input').fill('Deutsche Kreditbank Aktiengesellschaft');
    await dialog.getByTestId('bank-accountNumber-input').fill('DE89370400440532013000');
    await dialog.getByTestId('bank-save').click();
    await expect(page.getByTestId('bank-row')).toHaveCount(1);
    await waitUntilSettled(page);
    findings = await accessibilityFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.context().close();

    const operatorContext = await browser.newContext({ viewport: DESKTOP });
    await signInContext(operatorContext, 'operator@demo.exchange');
    const operator = await operatorContext.newPage();
    await openSubmission(operator, email);
    findings = await accessibilityFindings(operator);
    expect(findings, describeFindings(findings)).toEqual([]);
    await operatorContext.close();
  });

  test('a visitor is asked to log in on the dashboard and the ID verification page', async ({ page }) => {
    for (const path of ['/en/profile/dashboard', '/en/user', '/en/profile/individual/upload']) {
      await page.goto(path);
      await expect(page.getByTestId('profile-signin'), path).toBeVisible();
      await expect(page.getByTestId('profile-signin-link'), path).toHaveAttribute('href', new RegExp(`/en/login\\?from=`));
    }
  });
});
