/**
 * The amount part of both withdrawal forms: the amount (what arrives) with Max, and beside it the
 * fee paid on top, what arrives, what is deducted from the spot balance, the minimum and maximum
 * of one withdrawal and what is left of today's quota (from the quota call). A problem with the
 * typed amount shows on the field as it is typed; so does the server's refusal of it.
 */
import { useLingui } from '@lingui/react/macro';
import type { WithdrawQuota } from '../../../shared/api/withdraw';
import { trimZeros } from '../../../shared/decimal';
import { formatUnits } from '../../../shared/money';
import type { Loaded } from '../../api/reads';
import { AmountInput } from '../../ui/AmountInput';
import { Stat, StatGroup } from '../../ui/Stat';
import type { AmountFigures, WithdrawTerms } from './withdrawAmount';
import type { SummaryRow } from './WithdrawConfirm';
import styles from './withdraw.module.css';

export interface WithdrawAmountProps {
  currency: string;
  terms: WithdrawTerms;
  quota: Loaded<WithdrawQuota>;
  value: string;
  onChange: (value: string) => void;
  /** The amount's figures (amountFigures), which the form checks too before it opens the confirmation. */
  figures: AmountFigures;
  /** The server's refusal of the amount, or the form's "enter an amount" after a press. */
  error: string | null;
}

export function WithdrawAmount({ currency, terms, quota, value, onChange, figures, error }: WithdrawAmountProps) {
  const { t } = useLingui();
  const { scale, problem } = figures;
  const text = (units: bigint | null) => (units === null ? '–' : `${trimZeros(formatUnits(units, scale))} ${currency}`);
  const min = trimZeros(terms.min);
  const max = trimZeros(terms.max);
  const fee = trimZeros(terms.fee);
  const data = quota.phase === 'ready' ? quota.data : null;
  const available = data ? trimZeros(data.available) : null;
  const dailyQuota = data ? trimZeros(data.dailyQuota) : null;
  const remaining = problem?.kind === 'overQuota' ? trimZeros(problem.remaining) : '';
  const problems: Record<NonNullable<typeof problem>['kind'], string> = {
    belowMin: t`The minimum is ${min} ${currency}.`,
    aboveMax: t`At most ${max} ${currency} in one withdrawal.`,
    overQuota: t`Only ${remaining} ${currency} is left of today's quota.`,
    overBalance: t`More than is available: the fee of ${fee} ${currency} is deducted on top.`,
  };
  return (
    <div className={styles.amount}>
      <AmountInput
        label={t`Amount`}
        value={value}
        onValueChange={onChange}
        scale={scale}
        unit={currency}
        available={figures.max ?? undefined}
        hint={available !== null ? t`Available: ${available} ${currency}` : quota.phase === 'failed' ? t`The available balance could not be read.` : t`Loading…`}
        error={error ?? (problem ? problems[problem.kind] : null)}
        testId="withdraw-amount"
      />
      <StatGroup label={t`Fee and amounts`}>
        <Stat label={t`Fee`} value={`${fee} ${currency}`} testId="withdraw-fee" />
        <Stat label={t`You receive`} value={text(figures.units)} testId="withdraw-receive" />
        <Stat label={t`Deducted from your balance`} value={text(figures.deducted)} testId="withdraw-deducted" />
      </StatGroup>
      <StatGroup label={t`Limits`}>
        <Stat label={t`Minimum`} value={`${min} ${currency}`} testId="withdraw-min" />
        <Stat label={t`Maximum per withdrawal`} value={`${max} ${currency}`} testId="withdraw-max" />
        <Stat label={t`Left today`} value={data ? `${trimZeros(data.remainingToday)} ${currency}` : '…'} note={dailyQuota !== null ? t`of ${dailyQuota} ${currency} a day` : undefined} testId="withdraw-remaining" />
      </StatGroup>
    </div>
  );
}

/** The confirmation's rows of the amount: what arrives, the fee, what is deducted. */
export function useAmountRows(figures: AmountFigures, currency: string): SummaryRow[] {
  const { t } = useLingui();
  const text = (units: bigint | null) => (units === null ? '–' : `${trimZeros(formatUnits(units, figures.scale))} ${currency}`);
  return [
    {
      label: t`You receive`,
      value: text(figures.units),
      testId: 'withdraw-summary-receive',
    },
    { label: t`Fee`, value: text(figures.fee), testId: 'withdraw-summary-fee' },
    {
      label: t`Deducted from your balance`,
      value: text(figures.deducted),
      testId: 'withdraw-summary-deducted',
    },
  ];
}
