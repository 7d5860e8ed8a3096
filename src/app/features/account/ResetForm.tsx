/**
 * The password-reset form (DESIGN.md: /reset): the account's e-mail address or phone number, a
 * code sent to it (POST /vcode/resetpassword), and the new password typed twice; POST
 * /account/resetpassword sets it and ends every session of the account.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { resetPasswordCall } from '../../../shared/api/account';
import { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from '../../../shared/validation';
import { callApi } from '../../api/client';
import styles from './account.module.css';
import { CodeField } from './CodeField';
import { ContactField } from './ContactField';
import { FormError, SubmitButton } from './Field';
import {
  confirmProblem,
  contactBody,
  contactProblem,
  emptyContact,
  passwordProblem,
  requiredProblem,
  type ContactValue,
  type FormField,
} from './formRules';
import { PasswordField } from './PasswordField';
import { sendCodeFor } from './sendCode';
import { refusalOf, useAccountForm } from './useAccountForm';

const FIELD_ORDER: readonly FormField[] = ['contact', 'code', 'password', 'confirm'];
const min = PASSWORD_LENGTH_MIN;
const max = PASSWORD_LENGTH_MAX;

export function ResetForm({ onReset }: { onReset: (contact: ContactValue) => void }) {
  const { t } = useLingui();
  const form = useAccountForm(FIELD_ORDER);
  const [contact, setContact] = useState(emptyContact);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const unreachable = t`The platform could not be reached. Try again in a moment.`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.busy) return;
    const valid = form.showProblems({
      contact: contactProblem(contact),
      code: requiredProblem(code, 'codeRequired'),
      password: passwordProblem(password, 'new'),
      confirm: confirmProblem(password, confirm),
    });
    if (!valid) return;
    form.setBusy(true);
    try {
      const data = await callApi(resetPasswordCall, { body: { ...contactBody(contact), vcode: code, password } }, { silentAll: true });
      if (data === false) {
        form.setFormError(unreachable);
        return;
      }
      onReset(contact);
    } catch (error) {
      const refusal = refusalOf(error, unreachable);
      if (refusal) form.showRefusal(refusal);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="reset-form">
      <ContactField
        value={contact}
        onChange={(update) => {
          setContact(update);
          form.clearError('contact');
        }}
        error={form.errors.contact}
        inputRef={form.refFor('contact')}
      />
      <CodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          form.clearError('code');
        }}
        onSend={() => sendCodeFor('resetpassword', contact, form, unreachable)}
        sentHint={
          contact.kind === 'email'
            ? t`If an account uses this e-mail address, a code is on its way to it.`
            : t`If an account uses this phone number, a code is on its way to it.`
        }
        error={form.errors.code}
        inputRef={form.refFor('code')}
      />
      <PasswordField
        label={t`New password`}
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          form.clearError('password');
        }}
        error={form.errors.password}
        hint={t`${min} to ${max} characters with at least one letter and one digit.`}
        inputRef={form.refFor('password')}
        testId="password-input"
      />
      <PasswordField
        label={t`Confirm new password`}
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(value) => {
          setConfirm(value);
          form.clearError('confirm');
        }}
        error={form.errors.confirm}
        inputRef={form.refFor('confirm')}
        testId="password-confirm-input"
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy}>{form.busy ? t`Saving…` : t`Reset password`}</SubmitButton>
    </form>
  );
}
