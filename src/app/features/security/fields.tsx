/**
 * The fields of the security forms, on the kit's FormField: a text or password input with an
 * optional button beside it (send a code), and the send-code button that counts down until the
 * server allows the next code.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { TWO_FACTOR_CODE_DIGITS } from '../../../shared/security';
import { Button } from '../../ui/Button';
import { FormField, inputClassName } from '../../ui/FormField';
import { useCountdown } from '../../ui/resendCountdown';
import styles from './security.module.css';

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
  testId: string;
}

export function TextField({ label, value, onChange, type = 'text', autoComplete = 'off', inputMode, maxLength = 128, hint, error, action, testId }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <div className={styles.inputRow}>
          <input
            {...control}
            className={inputClassName}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={maxLength}
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

/** Sends a code on press; `onSend` resolves the seconds until the next one, or null when none went out. */
export function SendCodeButton({ onSend, testId }: { onSend: () => Promise<number | null>; testId: string }) {
  const { t } = useLingui();
  const [seconds, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const send = () => {
    setSending(true);
    void onSend()
      .then((resendAfterSeconds) => {
        if (resendAfterSeconds === null) return;
        setSent(true);
        startCountdown(resendAfterSeconds);
      })
      .finally(() => setSending(false));
  };
  const text = sending ? t`Sending…` : seconds > 0 ? t`Resend in ${seconds} s` : sent ? t`Resend code` : t`Send code`;
  return (
    <Button variant="secondary" onClick={send} disabled={sending || seconds > 0} aria-live="polite" data-testid={testId}>
      {text}
    </Button>
  );
}

/** The six-digit code of Google Authenticator, for a change that needs it. */
export function GaCodeField({ value, onChange, testId = 'security-ga-code' }: { value: string; onChange: (value: string) => void; testId?: string }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Google Authenticator code`}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, ''))}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={TWO_FACTOR_CODE_DIGITS}
      testId={testId}
    />
  );
}
