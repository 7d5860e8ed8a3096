/**
 * The password-reset form (ARCHITECTURE.md: /reset): the account's e-mail address or phone number, a
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
import { useAccountForm, type FieldProblems } from './useAccountForm';

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldProblems = {
      contact: contactProblem(contact),
      code: requiredProblem(code, 'codeRequired'),
      password: passwordProblem(password, 'new'),
      confirm: confirmProblem(password, confirm),
    };
    const body = { ...contactBody(contact), vcode: code, password };
    void form.submit(problems, () => callApi(resetPasswordCall, { body }, { silentAll: true }), () => onReset(contact));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="reset-form">
      <ContactField value={contact} {...form.bind('contact', setContact)} />
      <CodeField
        value={code}
        {...form.bind('code', setCode)}
        onSend={() => sendCodeFor('resetpassword', contact, form)}
        sentHint={
          contact.kind === 'email'
            ? t`If an account uses this e-mail address, a code is on its way to it.`
            : t`If an account uses this phone number, a code is on its way to it.`
        }
      />
      <PasswordField
        label={t`New password`}
        name="password"
        autoComplete="new-password"
        value={password}
        {...form.bind('password', setPassword)}
        hint={t`${min} to ${max} characters with at least one letter and one digit.`}
        testId="password-input"
      />
      <PasswordField
        label={t`Confirm new password`}
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        {...form.bind('confirm', setConfirm)}
        testId="password-confirm-input"
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy}>{form.busy ? t`Saving…` : t`Reset password`}</SubmitButton>
    </form>
  );
}
