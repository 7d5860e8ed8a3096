/** The security forms' send-code button, which counts down until the server allows the next code (the fields are the kit's TextField). */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useCountdown } from '../../ui/resendCountdown';

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
