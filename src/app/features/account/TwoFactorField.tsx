/**
 * The sign-in's two-factor step: the six-digit code the Google Authenticator app shows, asked for
 * after the server answered the right password with errcode 101.
 */
import { useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { TWO_FACTOR_CODE_DIGITS } from '../../../shared/security';
import styles from './account.module.css';
import { Field, FieldInput, useFieldIds } from './Field';

export interface TwoFactorFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function TwoFactorField({ value, onChange, error, inputRef }: TwoFactorFieldProps) {
  const { t } = useLingui();
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={t`Google Authenticator code`} error={error} hint={t`Open the app and enter the 6-digit code it shows for this account.`}>
      <div className={styles.control} data-invalid={Boolean(error)}>
        <FieldInput
          inputRef={inputRef}
          type="text"
          name="gaCode"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={TWO_FACTOR_CODE_DIGITS}
          value={value}
          onChange={(typed) => onChange(typed.replace(/\D/g, ''))}
          testId="ga-code-input"
        />
      </div>
    </Field>
  );
}
