/**
 * The sign-in form (spec 7: POST /account/signin, form-encoded with the CSRF header). It signs in
 * through the hub, which rotates the CSRF token and tells every tab; the hub's signIn shows
 * nothing, so every refusal is shown here. After SIGNIN_FAILURES_BEFORE_CAPTCHA failures, or
 * when the server asks for it (errcode 8), the image captcha joins the form, with a new image
 * after every attempt since each one is single-use. An account with Google Authenticator bound
 * answers the right password with errcode 101: the form then asks for the app's code (the
 * two-factor step) and sends it with the same password.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { SIGNIN_FAILURES_BEFORE_CAPTCHA } from '../../../shared/api/account';
import { PROTOCOL_ERRCODES } from '../../../shared/errcodes';
import type { Profile } from '../../../shared/api/account';
import type { SignInResult } from '../../../workers/protocol';
import { getHub } from '../../api/hub';
import { adoptProfile } from '../../state/session';
import styles from './account.module.css';
import { CaptchaField } from './CaptchaField';
import { ContactField } from './ContactField';
import { FormError, SubmitButton } from './Field';
import { contactProblem, emptyContact, passwordProblem, requiredProblem, signInUsername, type FormField } from './formRules';
import { PasswordField } from './PasswordField';
import { TwoFactorField } from './TwoFactorField';
import { useAccountForm, type FieldProblems } from './useAccountForm';

const FIELD_ORDER: readonly FormField[] = ['contact', 'password', 'code', 'captcha'];

export interface LoginFormProps {
  /** Called once the hub has signed in, before the page moves on. */
  onSignedIn: (profile: Profile) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useLingui();
  const form = useAccountForm(FIELD_ORDER);
  const [contact, setContact] = useState(emptyContact);
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  /** The captcha image's nonce; null while the form needs no captcha. */
  const [captchaNonce, setCaptchaNonce] = useState<number | null>(null);
  const [failures, setFailures] = useState(0);
  /** Whether the server asked for the second factor (errcode 101), and the code typed for it. */
  const [gaStep, setGaStep] = useState(false);
  const [gaCode, setGaCode] = useState('');
  const captchaShown = captchaNonce !== null;
  /** A new image: the nonce changes even for two draws within one millisecond. */
  const newCaptcha = () => setCaptchaNonce((previous) => Math.max((previous ?? 0) + 1, Date.now()));

  const failed = (result: Extract<SignInResult, { ok: false }>) => {
    // Not a failure: the password was right and the account wants its second factor.
    if (result.code === PROTOCOL_ERRCODES.secondFactorRequired) {
      setGaStep(true);
      form.setFocusField({ field: 'code' });
      return;
    }
    const failuresNow = failures + 1;
    setFailures(failuresNow);
    const captchaWanted = captchaShown || result.code === PROTOCOL_ERRCODES.captchaRequired || failuresNow >= SIGNIN_FAILURES_BEFORE_CAPTCHA;
    if (captchaWanted) {
      newCaptcha();
      setCaptcha('');
    }
    // The hub answers 0 when it could not be asked and 502 when the server could not be reached.
    const unreachable = result.code === 0 || result.code === 502 || result.code === 504;
    form.showRefusal(unreachable ? { code: 0, message: form.unreachable } : result);
    if (result.code === PROTOCOL_ERRCODES.captchaRequired) form.setFocusField({ field: 'captcha' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldProblems = {
      contact: contactProblem(contact),
      password: passwordProblem(password, 'any'),
      captcha: captchaShown ? requiredProblem(captcha, 'captchaRequired') : null,
      code: gaStep ? requiredProblem(gaCode, 'codeRequired') : null,
    };
    const signIn = () =>
      getHub()
        .signIn({ ...signInUsername(contact), password, ...(captchaShown ? { captcha: captcha.trim() } : {}), ...(gaStep ? { gaCode } : {}) })
        .catch((error: unknown): SignInResult => {
          console.warn('Sign-in failed', error);
          return { ok: false, code: 0, message: '' };
        });
    void form.submit(problems, signIn, (result) => {
      if (!result.ok) {
        failed(result);
        return;
      }
      adoptProfile(result.profile);
      onSignedIn(result.profile);
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="login-form">
      <ContactField value={contact} {...form.bind('contact', setContact)} />
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="current-password"
        value={password}
        {...form.bind('password', setPassword)}
        testId="password-input"
      />
      {gaStep ? <TwoFactorField value={gaCode} {...form.bind('code', setGaCode)} /> : null}
      {captchaNonce !== null ? (
        <CaptchaField value={captcha} {...form.bind('captcha', setCaptcha)} nonce={captchaNonce} onRefresh={newCaptcha} />
      ) : null}
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy}>{form.busy ? t`Logging in…` : t`Log in`}</SubmitButton>
    </form>
  );
}
