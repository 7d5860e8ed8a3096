/**
 * What both withdrawal forms do around their own fields: today's quota, the amount and its checks
 * (WithdrawAmount), what blocks the user (WithdrawGate) with the Withdraw button, and the
 * confirmation (WithdrawConfirm) with the refusals it hands back to the form's fields. A form adds
 * its destination (an address, a bank account), checks it, and opens the confirmation with the
 * request; after a withdrawal the amount starts again and the form resets its own fields.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { WithdrawType } from '../../../shared/api/withdraw';
import { Button } from '../../ui/Button';
import { amountFigures, type WithdrawTerms } from './withdrawAmount';
import { useAmountRows, WithdrawAmount } from './WithdrawAmount';
import { WithdrawConfirm, type SummaryRow } from './WithdrawConfirm';
import { useWithdrawQuota, type SecurityStatus, type WithdrawRequest } from './withdrawData';
import { blockedUntil, mayWithdraw, WithdrawGate } from './WithdrawGate';
import type { WithdrawField } from './withdrawRefusal';

export interface WithdrawFormProps {
  security: SecurityStatus | null;
  /** After a refusal that may have changed the security state (a cool-off, a lock). */
  onStale: () => void;
  /** After a withdrawal was made. */
  onSubmitted: () => void;
}

export function useWithdrawFlow(type: WithdrawType, currency: string, terms: WithdrawTerms, { security, onStale, onSubmitted }: WithdrawFormProps) {
  const { t } = useLingui();
  const quota = useWithdrawQuota(type, currency);
  const [amount, setAmount] = useState('');
  const [pressed, setPressed] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<WithdrawField, string>>>({});
  const [request, setRequest] = useState<WithdrawRequest | null>(null);
  const figures = amountFigures(amount, terms, quota.view.phase === 'ready' ? quota.view.data : null);
  const amountRows = useAmountRows(figures, currency);
  const until = blockedUntil(security, quota.view);
  const amountError = refused.amount ?? (pressed && figures.units === null ? t`Enter an amount.` : null);
  const clearRefusal = (field: WithdrawField) => setRefused((current) => ({ ...current, [field]: undefined }));

  /** After a press: opens the confirmation of `next` when the destination (`destinationOk`), the amount and the security state allow it. */
  const confirm = (destinationOk: boolean, next: WithdrawRequest) => {
    setPressed(true);
    if (destinationOk && !amountError && figures.units !== null && !figures.problem && mayWithdraw(security, until)) setRequest(next);
  };

  const amountField = (
    <WithdrawAmount
      currency={currency}
      terms={terms}
      quota={quota.view}
      figures={figures}
      value={amount}
      onChange={(value) => {
        setAmount(value);
        clearRefusal('amount');
      }}
      error={amountError}
    />
  );

  /** The gate's notes and the Withdraw button, closed also while the form lacks its destination (`destinationMissing`). */
  const submitRow = (destinationMissing = false) => (
    <>
      <WithdrawGate security={security} until={until} />
      <Button type="submit" block disabled={destinationMissing || !mayWithdraw(security, until)} data-testid="withdraw-submit">
        {t`Withdraw`}
      </Button>
    </>
  );

  /** The confirmation with the destination's rows before the amount's; `onReset` clears the form's own fields after a withdrawal. */
  const confirmation = (destinationRows: readonly SummaryRow[], onReset: () => void) => (
    <WithdrawConfirm
      request={request}
      summary={[...destinationRows, ...amountRows]}
      gaBound={security?.gaBound ?? false}
      onClose={() => setRequest(null)}
      onFormRefusal={(fields) => {
        setRequest(null);
        setRefused(fields);
      }}
      onStale={() => {
        onStale();
        quota.reload();
      }}
      onDone={() => {
        setRequest(null);
        setAmount('');
        setPressed(false);
        onReset();
        quota.reload();
        onSubmitted();
      }}
    />
  );

  return { amount, pressed, refused, clearRefusal, confirm, amountField, submitRow, confirmation };
}
