/**
 * The sign-up form: an e-mail address or a phone number, a code sent to it (POST /vcode/register),
 * a password typed twice, an optional referral code and the user-protection terms. POST
 * /account/create signs the new account in on the server (a rotated session and its CSRF token
 * come back); the hub is then told, so every tab shows the user signed in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { createAccountCall, type Profile } from '../../../shared/api/account';
import { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from '../../../shared/validation';
import { api, callApi } from '../../api/client';
import { getHub } from '../../api/hub';
import { adoptProfile } from '../../state/session';
import { PageLink } from '../../ui/PageLink';
import styles from './account.module.css';
import { CodeField } from './CodeField';
import { ContactField } from './ContactField';
import { describedControl, Field, FieldInput, FormError, SubmitButton, useFieldIds } from './Field';
import {
  confirmProblem,
  contactBody,
  contactProblem,
  emptyContact,
  passwordProblem,
  requiredProblem,
  type FormField,
} from './formRules';
import { PasswordField } from './PasswordField';
import { sendCodeFor } from './sendCode';
import { useAccountForm, type FieldProblems } from './useAccountForm';

const FIELD_ORDER: readonly FormField[] = ['contact', 'code', 'password', 'confirm', 'referral', 'terms'];
export const TERMS_PATH = '/About/UserProtectMeasures';
const min = PASSWORD_LENGTH_MIN;
const max = PASSWORD_LENGTH_MAX;

export interface RegisterFormProps {
  referralCode: string;
  onRegistered: (profile: Profile) => void;
}

export function RegisterForm({ referralCode, onRegistered }: RegisterFormProps) {
  const { t } = useLingui();
  const form = useAccountForm(FIELD_ORDER);
  const [contact, setContact] = useState(emptyContact);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [referral, setReferral] = useState(referralCode);
  const [termsAccepted, setTermsAccepted] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldProblems = {
      contact: contactProblem(contact),
      code: requiredProblem(code, 'codeRequired'),
      password: passwordProblem(password, 'new'),
      confirm: confirmProblem(password, confirm),
      terms: termsAccepted ? null : 'termsRequired',
    };
    const body = { ...contactBody(contact), password, vcode: code, ...(referral.trim() ? { referralCode: referral.trim() } : {}) };
    void form.submit(problems, () => callApi(createAccountCall, { body }, { silentAll: true }), async (data) => {
      // The server signed the new account in: this tab's client takes the rotated session's
      // token, and the hub reads the session anew and tells every tab.
      api.resetCsrf(data.csrfToken);
      adoptProfile(data.profile);
      await getHub()
        .sessionChanged()
        .catch((error: unknown) => console.warn('The hub did not take the new session', error));
      onRegistered(data.profile);
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="register-form">
      <ContactField value={contact} {...form.bind('contact', setContact)} />
      <CodeField
        value={code}
        {...form.bind('code', setCode)}
        onSend={() => sendCodeFor('register', contact, form)}
        sentHint={contact.kind === 'email' ? t`We sent a code to your e-mail address.` : t`We sent a code to your phone.`}
      />
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="new-password"
        value={password}
        {...form.bind('password', setPassword)}
        hint={t`${min} to ${max} characters with at least one letter and one digit.`}
        testId="password-input"
      />
      <PasswordField
        label={t`Confirm password`}
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        {...form.bind('confirm', setConfirm)}
        testId="password-confirm-input"
      />
      <ReferralField value={referral} {...form.bind('referral', setReferral)} />
      <TermsCheck checked={termsAccepted} {...form.bind('terms', setTermsAccepted)} />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy}>{form.busy ? t`Creating your account…` : t`Create account`}</SubmitButton>
    </form>
  );
}

interface ReferralFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef: (element: HTMLInputElement | null) => void;
}

function ReferralField({ value, onChange, error, inputRef }: ReferralFieldProps) {
  const { t } = useLingui();
  const ids = useFieldIds();
  const label = (
    <>
      {t`Referral code`} <span className={styles.optional}>{t`(optional)`}</span>
    </>
  );
  return (
    <Field ids={ids} label={label} error={error}>
      <div className={styles.control} data-invalid={Boolean(error)}>
        <FieldInput
          inputRef={inputRef}
          type="text"
          name="referralCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          value={value}
          onChange={onChange}
          testId="referral-input"
        />
      </div>
    </Field>
  );
}

interface TermsCheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  inputRef: (element: HTMLInputElement | null) => void;
}

function TermsCheck({ checked, onChange, error, inputRef }: TermsCheckProps) {
  const ids = useFieldIds();
  return (
    <div className={styles.field}>
      <label className={styles.check} htmlFor={ids.inputId}>
        <input
          {...describedControl(ids, error, undefined)}
          ref={inputRef}
          type="checkbox"
          name="terms"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          data-testid="terms-input"
        />
        <span>
          <Trans>
            I have read and accept the{' '}
            <PageLink to={TERMS_PATH} target="_blank" rel="noopener">
              user protection measures
            </PageLink>
            .
          </Trans>
        </span>
      </label>
      {error ? (
        <p className={styles.message} id={ids.messageId} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
