/**
 * /Profile/Authentication (issue 15): Google Authenticator. Unbound, the page shows the secret the
 * server keeps pending for this user (GET /account/ga) as a QR code of its otpauth:// URI, drawn
 * in the browser by the kit's QrCode (uqr, already in the bundle for deposit addresses: no image
 * request, crisp at any size), and as text to copy; a code from the app and the login password
 * bind it. Bound, a code unbinds it.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { twoFactorChangeCall, twoFactorStatusCall } from '../../../shared/api/security';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { showToast } from '../../state/hub-store';
import { Button } from '../../ui/Button';
import { canCopyText, copyText } from '../../ui/clipboard';
import { Panel } from '../../ui/Panel';
import { QrCode } from '../../ui/QrCode';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { GaCodeField, TextField } from '../../ui/TextField';
import { send, useRead } from './securityCalls';
import styles from './security.module.css';

const TOAST_MS = 4_000;

export function AuthenticationScreen() {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to set up two-factor authentication.`}>{() => <Authentication />}</SignedInOnly>;
}

function Authentication() {
  const { t } = useLingui();
  const { data: status, reload } = useRead(twoFactorStatusCall);
  if (status === undefined) return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="ga-loading" />;
  if (status === null) return <StatusMessage tone="error" title={t`The security settings could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: reload }} testId="ga-failed" />;
  return status.bound || !status.secret || !status.uri ? <UnbindPanel onDone={reload} /> : <BindPanel secret={status.secret} uri={status.uri} onDone={reload} />;
}

function BindPanel({ secret, uri, onDone }: { secret: string; uri: string; onDone: () => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { run, busy } = useSubmitOnce(async () => {
    if ((await send(twoFactorChangeCall, { body: { action: 'bind', code, password } })) === null) return;
    showToast(t`Google Authenticator is bound.`, TOAST_MS, 'success');
    onDone();
  });
  const copy = () => copyText(secret, t`Copied.`, 'The key could not be copied');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };
  return (
    <Panel title={t`Bind Google Authenticator`} data-testid="ga-bind">
      <div className={styles.form}>
        <p className={styles.current}>{t`1. Install Google Authenticator, or another authenticator app, on your phone.`}</p>
        <p className={styles.current}>{t`2. Scan this QR code with the app, or enter the key by hand.`}</p>
        <div className={styles.setup}>
          <QrCode value={uri} label={t`QR code of the key for the authenticator app`} testId="ga-qr" />
          <div className={styles.form}>
            <p className={styles.secret} data-testid="ga-secret">
              {secret}
            </p>
            {canCopyText() && (
              <div>
                <Button variant="secondary" size="small" onClick={copy} data-testid="ga-copy">
                  {t`Copy key`}
                </Button>
              </div>
            )}
          </div>
        </div>
        <p className={styles.current}>{t`3. Enter the 6-digit code the app shows, and your login password.`}</p>
        <form className={`${styles.form} ${styles.narrow}`} onSubmit={submit} noValidate>
          <GaCodeField value={code} onChange={setCode} testId="ga-bind-code" />
          <TextField label={t`Login password`} type="password" autoComplete="current-password" value={password} onChange={setPassword} testId="ga-bind-password" />
          <Button type="submit" loading={busy} block data-testid="ga-bind-submit">
            {t`Bind`}
          </Button>
        </form>
      </div>
    </Panel>
  );
}

function UnbindPanel({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const { run, busy } = useSubmitOnce(async () => {
    if ((await send(twoFactorChangeCall, { body: { action: 'unbind', code } })) === null) return;
    showToast(t`Google Authenticator is unbound.`, TOAST_MS, 'success');
    onDone();
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };
  return (
    <Panel title={t`Google Authenticator is on`} data-testid="ga-bound">
      <form className={`${styles.form} ${styles.narrow}`} onSubmit={submit} noValidate>
        <p className={styles.current}>{t`Sign-ins, withdrawals and security changes ask for its code. Unbinding it pauses withdrawals for 24 hours.`}</p>
        <GaCodeField value={code} onChange={setCode} testId="ga-unbind-code" />
        <Button type="submit" variant="danger" loading={busy} block data-testid="ga-unbind-submit">
          {t`Unbind`}
        </Button>
      </form>
    </Panel>
  );
}
