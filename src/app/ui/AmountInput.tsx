/**
 * An amount (or price) field over src/shared/decimal: what is typed is cleaned as it is typed (a
 * comma counts as the decimal point, never more decimals than `scale`, cut and never rounded);
 * the unit shows inside the field; "Max" and the 25/50/75/100 % buttons fill in a share of
 * `available`, rounded down to the scale, unless the form works the share out itself (`onShare`:
 * a limit buy's quantity is a share of the quote balance at the price). The value stays text: the
 * form turns it into units.
 */
import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { sanitizeDecimalInput, shareOfUnits, unitsText } from '../../shared/decimal';
import { FormField } from './FormField';
import styles from './AmountInput.module.css';

export const SHARE_PERCENTS = [25, 50, 75, 100] as const;

export interface AmountInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Decimal places the amount may have. */
  scale: number;
  /** The unit shown in the field (a currency code). */
  unit?: string;
  /** What can be spent, in units of `scale`: with it come Max and the share buttons. */
  available?: bigint;
  /** The share buttons (25/50/75/100 %); Max alone without them. */
  shares?: boolean;
  /** What a share button does when the share is not a plain share of `available`; the buttons then show without it. */
  onShare?: (percent: number) => void;
  /** The share buttons show but cannot be used (the balance is not known yet, or nobody is signed in). */
  sharesDisabled?: boolean;
  hint?: ReactNode;
  error?: string | null;
  testId?: string;
  /** Test ids of the parts, for a screen whose tests named them before it used the kit (else `${testId}-input`, `-max`, `-share-25`). */
  partTestIds?: { input?: string; max?: string; share?: (percent: number) => string };
}

export function AmountInput({ label, value, onValueChange, scale, unit, available, shares = false, onShare, sharesDisabled = false, hint, error, testId, partTestIds, ...inputProps }: AmountInputProps) {
  const { t } = useLingui();
  const fill = (percent: number) => {
    if (available === undefined) return;
    onValueChange(unitsText(shareOfUnits(available, percent), scale));
  };
  const share = onShare ?? fill;
  const partTestId = (part: string) => (testId ? `${testId}-${part}` : undefined);
  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      testId={testId}
      labelExtra={
        available !== undefined && !shares ? (
          <button type="button" className={styles.max} onClick={() => fill(100)} data-testid={partTestIds?.max ?? partTestId('max')}>
            {t`Max`}
          </button>
        ) : undefined
      }
    >
      {(control) => (
        <div className={styles.wrap}>
          <div className={styles.box} data-invalid={error ? 'true' : undefined}>
            <input
              {...inputProps}
              {...control}
              className={styles.input}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(event) => onValueChange(sanitizeDecimalInput(event.target.value, scale))}
              data-testid={partTestIds?.input ?? partTestId('input')}
            />
            {unit ? <span className={styles.unit}>{unit}</span> : null}
          </div>
          {shares && (available !== undefined || onShare) ? (
            <div className={styles.shares} role="group" aria-label={t`Share of the available balance`}>
              {SHARE_PERCENTS.map((percent) => (
                <button
                  key={percent}
                  type="button"
                  className={styles.share}
                  disabled={sharesDisabled}
                  onClick={() => share(percent)}
                  data-testid={partTestIds?.share?.(percent) ?? partTestId(`share-${percent}`)}
                >
                  {percent}%
                </button>
              ))}
            </div>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
