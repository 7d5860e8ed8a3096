/**
 * A text or password field on the kit's FormField, with an optional button beside the input (send
 * a code), and the six-digit Google Authenticator field built on it: the security forms, the
 * withdrawal's confirmation and any form that asks for a code or a password use these.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TWO_FACTOR_CODE_DIGITS } from '../../shared/security';
import { FormField, inputClassName } from './FormField';
import styles from './TextField.module.css';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  maxLength?: number;
  hint?: ReactNode;
  error?: string | null;
  /** A button beside the input (send a code). */
  action?: ReactNode;
  /** Monospaced text (an address, a key). */
  mono?: boolean;
  testId: string;
}

export function TextField({ label, value, onChange, type = 'text', autoComplete = 'off', inputMode, maxLength = 128, hint, error, action, mono = false, testId }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <div className={styles.inputRow}>
          <input
            {...control}
            className={mono ? `${inputClassName} ${styles.mono}` : inputClassName}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={maxLength}
            spellCheck={mono ? false : undefined}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            data-testid={testId}
          />
          {action}
        </div>
      )}
    </FormField>
  );
}

/** The six-digit code of Google Authenticator, for a change or a withdrawal that needs it. */
export function GaCodeField({ value, onChange, error, hint, testId = 'security-ga-code' }: { value: string; onChange: (value: string) => void; error?: string | null; hint?: ReactNode; testId?: string }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Google Authenticator code`}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, ''))}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={TWO_FACTOR_CODE_DIGITS}
      hint={hint}
      error={error}
      testId={testId}
    />
  );
}
