// @vitest-environment happy-dom
// Proves the login form in a DOM: inline checks with accessible messages before anything is sent, sign-in through the hub, the server's refusals shown inline, the captcha after three failures or when the server asks (errcode 8), the two-factor step on errcode 101, and the phone sign-in with its country code.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../../src/shared/api/account';
import { ACCOUNT_ERRCODES, PROTOCOL_ERRCODES, SECURITY_ERRCODES } from '../../../../src/shared/errcodes';
import type { SignInForm, SignInResult } from '../../../../src/workers/protocol';

const hub = vi.hoisted(() => ({ signIn: vi.fn<(form: SignInForm) => Promise<SignInResult>>() }));
vi.mock('../../../../src/app/api/hub', () => ({ getHub: () => hub }));
// The form reads the page's language from the router; these tests render it without one.
vi.mock('../../../../src/app/i18n/useLanguage', () => ({ useLanguage: () => 'en', useLocalize: () => (path: string) => path }));

const { LoginForm } = await import('../../../../src/app/features/account/LoginForm');
const { session, resetSession } = await import('../../../../src/app/state/session');

const PROFILE: Profile = {
  email: 'trader1@demo.exchange',
  referralCode: 'ABCD2345',
  testEnabled: false,
  realName: '',
  vipLevel: 0,
  verifiedLevel: 0,
  requiredIDLevel: 1,
  avatarUrl: '',
  helpDeskLink: '',
};
const WRONG: SignInResult = { ok: false, code: ACCOUNT_ERRCODES.wrongCredentials, message: 'Wrong e-mail or password.' };
const REGIONS = [
  { code: 'CN', dialCode: '+86', name: 'China' },
  { code: 'US', dialCode: '+1', name: 'United States' },
];

let container: HTMLDivElement;
let root: Root;
let onSignedIn: ReturnType<typeof vi.fn<(profile: Profile) => void>>;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

beforeEach(async () => {
  hub.signIn.mockReset();
  resetSession();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = path.endsWith('/config/regions') ? { errcode: 0, data: REGIONS } : { errcode: 0, data: { token: 'token' } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  onSignedIn = vi.fn<(profile: Profile) => void>();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <LoginForm onSignedIn={onSignedIn} />
      </I18nProvider>,
    );
  });
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

function byTestId<T extends HTMLElement = HTMLElement>(testId: string): T {
  const element = container.querySelector<T>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`no element with data-testid ${testId}`);
  return element;
}

function queryTestId(testId: string): HTMLElement | null {
  return container.querySelector(`[data-testid="${testId}"]`);
}

/** Types into a controlled input the way React notices it. */
async function type(testId: string, value: string): Promise<void> {
  const input = byTestId<HTMLInputElement>(testId);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Presses a tab: the kit's tabs (Radix) switch on the pointer going down, as a real click starts. */
async function pressTab(testId: string): Promise<void> {
  await act(async () => {
    const tab = byTestId(testId);
    tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
    tab.click();
  });
}

async function submit(): Promise<void> {
  await act(async () => {
    byTestId('login-form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    // The answer's promise, then the renders and effects it starts.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The text of the message an input is described by. */
function describedText(testId: string): string {
  const id = byTestId(testId).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

async function logIn(email: string, password: string): Promise<void> {
  await type('contact-input', email);
  await type('password-input', password);
  await submit();
}

describe('LoginForm', () => {
  it('R-VAL-06 checks the fields before sending: inline messages tied to their inputs, focus on the first', async () => {
    await submit();
    expect(hub.signIn).not.toHaveBeenCalled();
    expect(byTestId('contact-input').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('contact-input')).toBe('Enter your e-mail address.');
    expect(byTestId('password-input').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('password-input')).toBe('Enter your password.');
    expect(document.activeElement).toBe(byTestId('contact-input'));

    await type('contact-input', 'not-an-address');
    expect(byTestId('contact-input').getAttribute('aria-invalid')).toBeNull();
    await submit();
    expect(describedText('contact-input')).toContain('valid e-mail address');
    expect(hub.signIn).not.toHaveBeenCalled();
  });

  it('offers the autocomplete hints password managers need', () => {
    expect(byTestId('contact-input').getAttribute('autocomplete')).toBe('username');
    expect(byTestId('password-input').getAttribute('autocomplete')).toBe('current-password');
  });

  it('shows and hides the password', async () => {
    const toggle = container.querySelector<HTMLButtonElement>('button[aria-label="Show password"]');
    expect(byTestId('password-input').getAttribute('type')).toBe('password');
    await act(async () => toggle?.click());
    expect(byTestId('password-input').getAttribute('type')).toBe('text');
    expect(toggle?.getAttribute('aria-pressed')).toBe('true');
  });

  it('signs in through the hub and hands the profile on', async () => {
    hub.signIn.mockResolvedValue({ ok: true, profile: PROFILE });
    await logIn(' trader1@demo.exchange ', 'Demo1234!');
    expect(hub.signIn).toHaveBeenCalledWith({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    expect(onSignedIn).toHaveBeenCalledWith(PROFILE);
    expect(session.profile).toEqual(PROFILE);
  });

  it("shows the server's refusal inline, and the captcha after the third failure", async () => {
    hub.signIn.mockResolvedValue(WRONG);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(queryTestId('captcha-input')).toBeNull();
      await logIn('trader1@demo.exchange', `Wrong${attempt}pass`);
      expect(byTestId('form-error').textContent).toBe('Wrong e-mail or password.');
      expect(byTestId('form-error').getAttribute('role')).toBe('alert');
    }
    expect(byTestId('captcha-image').getAttribute('src')).toMatch(/^\/api\/v1\/vcode\/image\?t=\d+$/);
    expect(hub.signIn.mock.calls.every(([form]) => form.captcha === undefined)).toBe(true);

    // With the captcha shown, the form will not send without it, then sends it along.
    await submit();
    expect(hub.signIn).toHaveBeenCalledTimes(3);
    expect(byTestId('captcha-input').getAttribute('aria-invalid')).toBe('true');
    await type('captcha-input', ' k7Qp ');
    await submit();
    expect(hub.signIn).toHaveBeenCalledTimes(4);
    expect(hub.signIn.mock.calls[3]?.[0]).toMatchObject({ captcha: 'k7Qp' });
    // Each captcha is single-use: the answer is cleared for the next image.
    expect(byTestId<HTMLInputElement>('captcha-input').value).toBe('');
  });

  it('shows the captcha at once when the server asks for it (errcode 8), with its message and the focus there', async () => {
    hub.signIn.mockResolvedValue({ ok: false, code: PROTOCOL_ERRCODES.captchaRequired, message: 'Enter the characters in the image.' });
    await logIn('trader1@demo.exchange', 'Demo1234!');
    expect(byTestId('captcha-input')).toBeTruthy();
    expect(byTestId('form-error').textContent).toBe('Enter the characters in the image.');
    expect(document.activeElement).toBe(byTestId('captcha-input'));
  });

  it('asks for the Google Authenticator code on errcode 101, without counting a failure, and sends it with the password', async () => {
    hub.signIn.mockResolvedValueOnce({ ok: false, code: PROTOCOL_ERRCODES.secondFactorRequired, message: '' });
    await logIn('trader1@demo.exchange', 'Demo1234!');
    expect(document.activeElement).toBe(byTestId('ga-code-input'));
    expect(queryTestId('form-error')).toBeNull();
    // Without the code the form sends nothing.
    await submit();
    expect(hub.signIn).toHaveBeenCalledTimes(1);
    expect(byTestId('ga-code-input').getAttribute('aria-invalid')).toBe('true');
    hub.signIn.mockResolvedValueOnce({ ok: false, code: SECURITY_ERRCODES.twoFactorCodeWrong, message: 'Wrong or already used Google Authenticator code.' });
    await type('ga-code-input', '12 34 56');
    await submit();
    expect(hub.signIn.mock.calls[1]?.[0]).toMatchObject({ username: 'trader1@demo.exchange', password: 'Demo1234!', gaCode: '123456' });
    expect(describedText('ga-code-input')).toContain('Wrong or already used Google Authenticator code.');
    hub.signIn.mockResolvedValueOnce({ ok: true, profile: PROFILE });
    await type('ga-code-input', '654321');
    await submit();
    expect(onSignedIn).toHaveBeenCalledWith(PROFILE);
  });

  it('puts a wrong captcha at the captcha field and draws a new image', async () => {
    hub.signIn.mockResolvedValueOnce({ ok: false, code: PROTOCOL_ERRCODES.captchaRequired, message: 'Enter the characters in the image.' });
    await logIn('trader1@demo.exchange', 'Demo1234!');
    const firstImage = byTestId('captcha-image').getAttribute('src');
    hub.signIn.mockResolvedValueOnce({ ok: false, code: ACCOUNT_ERRCODES.captchaWrong, message: 'The characters do not match.' });
    await type('captcha-input', 'zzzz');
    await submit();
    expect(describedText('captcha-input')).toBe('The characters do not match.');
    expect(queryTestId('form-error')).toBeNull();
    expect(byTestId('captcha-image').getAttribute('src')).not.toBe(firstImage);
  });

  it('says the platform could not be reached when the hub fails', async () => {
    hub.signIn.mockRejectedValue(new Error('The hub did not answer signIn within 10000 ms'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await logIn('trader1@demo.exchange', 'Demo1234!');
    expect(byTestId('form-error').textContent).toContain('could not be reached');
    warn.mockRestore();
  });

  it('R-VAL-05 signs in with a phone number and the country code chosen from /config/regions', async () => {
    hub.signIn.mockResolvedValue({ ok: true, profile: { ...PROFILE, email: undefined, phone: '13800000000', countryCode: '+86' } });
    await pressTab('contact-tab-phone');
    await vi.waitFor(() => expect(byTestId<HTMLSelectElement>('country-code').options.length).toBe(REGIONS.length));
    const select = byTestId<HTMLSelectElement>('country-code');
    await act(async () => {
      select.value = 'CN';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await logIn('238 0000 0000', 'Demo1234!');
    expect(hub.signIn).not.toHaveBeenCalled();
    expect(describedText('contact-input')).toContain('valid phone number');
    await logIn('138 0000 0000', 'Demo1234!');
    expect(hub.signIn).toHaveBeenCalledWith({ username: '13800000000', countryCode: '+86', password: 'Demo1234!' });
  });
});
