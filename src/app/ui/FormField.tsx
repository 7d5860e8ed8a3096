/**
 * A form field: its label, the control, a hint and the error, tied together for assistive
 * technology (the control is described by the hint and the error, marked invalid while there is
 * one, and the error is announced when it appears). The control comes as a render function that
 * gets the ids and attributes to spread, so any input, select or custom control fits.
 */
import { useId, type ReactNode } from 'react';
import styles from './FormField.module.css';

export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Something at the end of the label row: "Max", a balance. */
  labelExtra?: ReactNode;
  children: (control: ControlProps) => ReactNode;
  testId?: string;
  className?: string;
}

export function FormField({ label, hint, error, labelExtra, children, testId, className }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')} data-testid={testId} data-invalid={error ? 'true' : undefined}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {labelExtra ? <span className={styles.labelExtra}>{labelExtra}</span> : null}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The kit's text input look, for a plain <input> inside a FormField. */
export const inputClassName = styles.input;
