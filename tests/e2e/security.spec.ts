// Proves two-factor sign-in in Chromium against the real server: a fresh account (registered with a
// code from the server's outbox, so no demo user's security changes) binds Google Authenticator on
// /Profile/Authentication with a code computed here by the same TOTP library from the key the page
// shows, signs out, and signs in again through the login form's two-factor step. On the way it binds
// a phone with a code from the outbox, and the security page counts each new protection and shows
// the withdrawal cool-off they started.
import { Secret, TOTP } from 'otpauth';
import { codeFromOutbox, uniqueEmail } from './support/outbox';
import { expect, test, type APIRequestContext } from './support/test';

const PASSWORD = 'Journey123';

/** The code Google Authenticator would show for the key, `stepsAhead` time steps from now. */
function totpCode(secret: string, stepsAhead = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Registers a new account through the calls the register form makes; the request context is then signed in as it. */
async function register(api: APIRequestContext, baseURL: string | undefined, email: string): Promise<void> {
  const csrf = await api.post('/api/v1/csrftoken', { data: {} });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const sent = await api.post('/api/v1/vcode/register', { form: { type: 'email', email }, headers: { 'X-XSRF-TOKEN': token } });
  expect(((await sent.json()) as { errcode: number }).errcode).toBe(0);
  const vcode = await codeFromOutbox(baseURL, email, 'register');
  const created = await api.post('/api/v1/account/create', { form: { type: 'email', email, password: PASSWORD, vcode }, headers: { 'X-XSRF-TOKEN': token } });
  expect(((await created.json()) as { errcode: number }).errcode).toBe(0);
}

test('binds a phone and Google Authenticator with a code computed in the test, signs out, and signs in with a code at the two-factor step', async ({ page, baseURL }) => {
  const email = uniqueEmail();
  await register(page.context().request, baseURL, email);

  await page.goto('/en/Profile/SecuritySettings');
  const settings = page.getByTestId('security-settings');
  // Login password and e-mail: two of five.
  await expect(settings.getByTestId('security-level')).toHaveAttribute('data-count', '2');
  await expect(settings.getByTestId('security-cool-off')).toHaveCount(0);

  // A phone, with a code to it from the outbox, in the dialog of the security page.
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await settings.getByTestId('phone-open').click();
  const dialog = page.getByTestId('phone-dialog');
  await dialog.getByTestId('contact-country-code').fill('+86');
  await dialog.getByTestId('contact-phone').fill(phone);
  await dialog.getByTestId('contact-send-new-code').click();
  await dialog.getByTestId('contact-code').fill(await codeFromOutbox(baseURL, `+86${phone}`, 'bindcontact'));
  await dialog.getByTestId('contact-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(settings.getByTestId('factor-phone')).toContainText(`+86 ${phone}`);
  await expect(settings.getByTestId('security-level')).toHaveAttribute('data-count', '3');
  await expect(settings.getByTestId('security-cool-off')).toBeVisible();

  await settings.getByTestId('ga-link').click();
  await expect(page).toHaveURL(/\/en\/Profile\/Authentication$/);

  const bind = page.getByTestId('ga-bind');
  await expect(bind.getByTestId('ga-qr')).toHaveAttribute('data-value', /^otpauth:\/\/totp\//);
  const secret = (await bind.getByTestId('ga-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await bind.getByTestId('ga-qr').getAttribute('data-value')).toContain(`secret=${secret}`);
  await bind.getByTestId('ga-bind-code').fill(totpCode(secret));
  await bind.getByTestId('ga-bind-password').fill(PASSWORD);
  await bind.getByTestId('ga-bind-submit').click();
  await expect(page.getByTestId('ga-bound')).toBeVisible();

  await page.goto('/en/Profile/SecuritySettings');
  await expect(settings.getByTestId('security-level')).toHaveAttribute('data-count', '4');

  await page.goto('/en/logout');
  await expect(page).toHaveURL(/\/en\/login$/);
  const form = page.getByTestId('login-form');
  await form.getByTestId('contact-input').fill(email);
  await form.getByTestId('password-input').fill(PASSWORD);
  await form.getByTestId('submit').click();
  // The right password alone is not enough: errcode 101 brings the two-factor step.
  await expect(form.getByTestId('ga-code-input')).toBeFocused();
  await expect(page).toHaveURL(/\/en\/login$/);
  // The binding used this time step's code; the next step's is inside the window and unused.
  await form.getByTestId('ga-code-input').fill(totpCode(secret, 1));
  await form.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('account')).toHaveAttribute('data-session', 'signedIn');
});
