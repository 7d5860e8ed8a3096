/**
 * The withdrawal's confirmation (spec 2 WithdrawForm: the withdrawal's details): what is sent where,
 * what arrives and what is deducted, then the proof: the withdrawal password, and the Google
 * Authenticator code while GA is bound or when the server asks for it (errcode 101). A refusal of
 * the proof shows on its field here; a refusal of the address, the amount or the bank account
 * closes the confirmation and shows on that field of the form. One idempotency key per
 * withdrawal: kept while no answer came (a second press is the same withdrawal), new after a
 * refusal (nothing was made).
 */
import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Withdrawal } from '../../../shared/api/withdraw';
import { randomId } from '../../../shared/random-id';
import { TWO_FACTOR_CODE_DIGITS } from '../../../shared/security';
import { showToast } from '../../state/hub-store';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { GaCodeField, TextField } from '../../ui/TextField';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { sendWithdrawal, type WithdrawRequest } from './withdrawData';
import { asksForProof, FORM_STEP_FIELDS, placeWithdrawRefusal, type WithdrawField } from './withdrawRefusal';
import styles from './withdraw.module.css';

const SUCCESS_TOAST_MS = 5_000;

export interface SummaryRow {
  label: string;
  value: ReactNode;
  testId: string;
}

export interface WithdrawConfirmProps {
  /** The withdrawal to confirm; null while the dialog is closed. */
  request: WithdrawRequest | null;
  summary: readonly SummaryRow[];
  gaBound: boolean;
  onClose: () => void;
  /** A refusal of the form's own fields (the address, the amount, the bank account): the dialog has closed. */
  onFormRefusal: (fields: Partial<Record<WithdrawField, string>>) => void;
  /** A refusal that may have changed what the page shows (a cool-off, a lock): read the security state and quota again. */
  onStale: () => void;
  onDone: (withdrawal: Withdrawal) => void;
}

export function WithdrawConfirm({ request, summary, gaBound, onClose, onFormRefusal, onStale, onDone }: WithdrawConfirmProps) {
  const { t } = useLingui();
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={t`Confirm the withdrawal`} testId="withdraw-confirm">
      {request ? <ConfirmForm request={request} summary={summary} gaBound={gaBound} onFormRefusal={onFormRefusal} onStale={onStale} onDone={onDone} /> : null}
    </Dialog>
  );
}

function ConfirmForm({
  request,
  summary,
  gaBound,
  onFormRefusal,
  onStale,
  onDone,
}: Omit<WithdrawConfirmProps, 'request' | 'onClose'> & {
  request: WithdrawRequest;
}) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [gaCode, setGaCode] = useState('');
  const [askGa, setAskGa] = useState(gaBound);
  const [errors, setErrors] = useState<Partial<Record<WithdrawField, string>>>({});
  const key = useRef(randomId());
  const { run, busy } = useSubmitOnce(async () => {
    const problems: Partial<Record<WithdrawField, string>> = {};
    if (password === '') problems.withdrawPassword = t`Enter your withdrawal password.`;
    if (askGa && gaCode.length !== TWO_FACTOR_CODE_DIGITS) problems.gaCode = t`Enter the 6-digit code the app shows.`;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const outcome = await sendWithdrawal(request, { withdrawPassword: password, ...(askGa ? { gaCode } : {}) }, key.current);
    if (outcome.ok) {
      const amount = outcome.withdrawal.amount;
      const currency = outcome.withdrawal.currency;
      showToast(t`Withdrawal of ${amount} ${currency} submitted: it is sent once it is reviewed.`, SUCCESS_TOAST_MS, 'success');
      onDone(outcome.withdrawal);
      return;
    }
    if ('unreachable' in outcome) {
      setErrors({
        form: t`The server did not answer. Press Confirm again: the withdrawal will not be made twice.`,
      });
      return;
    }
    // The server answered: nothing was made, so the next press is a new withdrawal with a new key.
    key.current = randomId();
    if (asksForProof(outcome.refusal.code)) {
      setAskGa(true);
      setErrors({
        gaCode: t`Enter the code from Google Authenticator as well.`,
      });
      return;
    }
    const placed = placeWithdrawRefusal(outcome.refusal);
    if (FORM_STEP_FIELDS.some((field) => placed[field])) {
      onFormRefusal(placed);
      return;
    }
    if (placed.form) onStale();
    setErrors(placed);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate data-testid="withdraw-confirm-form">
      <StatGroup label={t`Withdrawal details`}>
        {summary.map((row) => (
          <Stat key={row.testId} label={row.label} value={row.value} testId={row.testId} />
        ))}
      </StatGroup>
      <TextField
        label={t`Withdrawal password`}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((current) => ({ ...current, withdrawPassword: undefined }));
        }}
        error={errors.withdrawPassword}
        testId="withdraw-proof-password"
      />
      {askGa ? (
        <GaCodeField
          value={gaCode}
          onChange={(value) => {
            setGaCode(value);
            setErrors((current) => ({ ...current, gaCode: undefined }));
          }}
          hint={t`Open the app and enter the 6-digit code it shows for this account.`}
          error={errors.gaCode}
          testId="withdraw-proof-ga"
        />
      ) : null}
      {errors.form ? <StatusMessage tone="error" title={errors.form} headingLevel={3} testId="withdraw-confirm-refusal" /> : null}
      <Button type="submit" block loading={busy} data-testid="withdraw-confirm-submit">
        {t`Confirm`}
      </Button>
    </form>
  );
}
