/**
 * The withdrawal password's three forms in one dialog (POST /account/changewithdrawpassword):
 * set the first one with the login password; change it with the old one and the GA code (or,
 * without GA, a code to the user's e-mail or phone); reset it with such a code. The GA code joins
 * every form while GA is bound. The new password is typed twice.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { Profile } from '../../../shared/api/account';
import { changeWithdrawPasswordCall, type WithdrawPasswordMode } from '../../../shared/api/security';
import { showToast } from '../../state/hub-store';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { GaCodeField, TextField } from '../../ui/TextField';
import { SendCodeButton } from './fields';
import { ownCodeChannel, ownContactText, sendOwnCode } from './ownCode';
import { send } from './securityCalls';
import styles from './security.module.css';

const SUCCESS_TOAST_MS = 4_000;

export interface WithdrawPasswordDialogProps {
  mode: WithdrawPasswordMode | null;
  onClose: () => void;
  onDone: () => void;
  profile: Profile;
  gaBound: boolean;
}

export function WithdrawPasswordDialog({ mode, onClose, onDone, profile, gaBound }: WithdrawPasswordDialogProps) {
  const { t } = useLingui();
  const titles: Record<WithdrawPasswordMode, string> = {
    set: t`Set the withdrawal password`,
    change: t`Change the withdrawal password`,
    reset: t`Reset the withdrawal password`,
  };
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={mode ? titles[mode] : ''} testId="withdraw-password-dialog">
      {mode ? <WithdrawPasswordForm key={mode} mode={mode} profile={profile} gaBound={gaBound} onDone={onDone} /> : null}
    </Dialog>
  );
}

function WithdrawPasswordForm({ mode, profile, gaBound, onDone }: { mode: WithdrawPasswordMode; profile: Profile; gaBound: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [proof, setProof] = useState('');
  const [vcode, setVcode] = useState('');
  const [gaCode, setGaCode] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const channel = ownCodeChannel(profile);
  const contactText = ownContactText(profile, channel);
  const needsOwnCode = mode === 'reset' || (mode === 'change' && !gaBound);
  const { run, busy } = useSubmitOnce(async () => {
    const body = {
      mode,
      password,
      ...(mode === 'set' ? { loginPassword: proof } : {}),
      ...(mode === 'change' ? { oldPassword: proof } : {}),
      ...(needsOwnCode ? { vcode, type: channel } : {}),
      ...(gaBound ? { gaCode } : {}),
    };
    if ((await send(changeWithdrawPasswordCall, { body })) === null) return;
    showToast(t`The withdrawal password is saved.`, SUCCESS_TOAST_MS, 'success');
    onDone();
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) void run();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid={`withdraw-password-${mode}`}>
      {mode === 'set' ? <TextField label={t`Login password`} type="password" autoComplete="current-password" value={proof} onChange={setProof} testId="withdraw-login-password" /> : null}
      {mode === 'change' ? <TextField label={t`Current withdrawal password`} type="password" value={proof} onChange={setProof} testId="withdraw-old-password" /> : null}
      <TextField label={t`New withdrawal password`} type="password" autoComplete="new-password" value={password} onChange={setPassword} hint={t`It must differ from your login password.`} testId="withdraw-new-password" />
      <TextField label={t`Confirm password`} type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} error={mismatch ? t`The two passwords differ.` : null} testId="withdraw-confirm-password" />
      {needsOwnCode ? (
        <TextField
          label={t`Verification code`}
          value={vcode}
          onChange={setVcode}
          inputMode="numeric"
          maxLength={16}
          hint={t`Sent to ${contactText}`}
          action={<SendCodeButton onSend={() => sendOwnCode('withdrawpassword', channel)} testId="withdraw-send-code" />}
          testId="withdraw-code"
        />
      ) : null}
      {gaBound ? <GaCodeField value={gaCode} onChange={setGaCode} /> : null}
      <Button type="submit" loading={busy} block data-testid="withdraw-password-submit">
        {t`Save`}
      </Button>
    </form>
  );
}
