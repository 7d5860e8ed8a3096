/**
 * The verification code with its send button. Sending asks the form's onSend (which checks the
 * contact and calls POST /vcode/{type}); the server's resendAfterSeconds then counts down on the
 * button before another code can be asked for.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import { Button } from '../../ui/Button';
import styles from './account.module.css';
import { useCountdown } from '../../ui/resendCountdown';
import { Field, FieldInput, useFieldIds } from './Field';

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends a code; resolves the seconds to wait before the next one, or null when none went out. */
  onSend: () => Promise<number | null>;
  /** Where the code goes, for the hint after sending ('your e-mail', 'your phone'). */
  sentHint: string;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function CodeField({ value, onChange, onSend, sentHint, error, inputRef }: CodeFieldProps) {
  const { t } = useLingui();
  const ids = useFieldIds();
  const [secondsLeft, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const send = () => {
    setSending(true);
    onSend()
      .then((resendAfterSeconds) => {
        if (resendAfterSeconds === null) return;
        setSent(true);
        startCountdown(resendAfterSeconds);
      })
      .finally(() => setSending(false));
  };
  const seconds = secondsLeft;
  const buttonText = sending ? t`Sending…` : seconds > 0 ? t`Resend in ${seconds} s` : sent ? t`Resend code` : t`Send code`;
  const hint = sent ? sentHint : undefined;
  return (
    <Field ids={ids} label={t`Verification code`} error={error} hint={hint}>
      <div className={styles.control} data-invalid={Boolean(error)}>
        <FieldInput
          inputRef={inputRef}
          type="text"
          name="vcode"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={16}
          value={value}
          onChange={(typed) => onChange(typed.trim())}
          testId="code-input"
        />
        <Button variant="ghost" className={styles.inlineButton} onClick={send} disabled={sending || seconds > 0} aria-live="polite" data-testid="send-code">
          {buttonText}
        </Button>
      </div>
    </Field>
  );
}
