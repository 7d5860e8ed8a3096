/**
 * The frame of one form field: its label, the control, and below it either the field's error or
 * a hint. The control is tied to both by id (aria-describedby), and marks itself invalid
 * (aria-invalid) when there is an error, so a screen reader reads the message with the field.
 */
import { useId, type ReactNode } from 'react';
import styles from './account.module.css';

export interface FieldIds {
  inputId: string;
  messageId: string;
}

/** The attributes a field's control takes so that its message is read with it. */
export function describedControl(ids: FieldIds, error: string | null | undefined, hint: string | undefined) {
  return {
    id: ids.inputId,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error || hint ? ids.messageId : undefined,
  };
}

export function useFieldIds(): FieldIds {
  const id = useId();
  return { inputId: `${id}-input`, messageId: `${id}-message` };
}

export interface FieldProps {
  ids: FieldIds;
  label: ReactNode;
  error?: string | null;
  hint?: string;
  children: ReactNode;
  /** Shown after the control (the captcha image beside its input, for one). */
  className?: string;
}

export function Field({ ids, label, error, hint, children, className }: FieldProps) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label className={styles.label} htmlFor={ids.inputId}>
        {label}
      </label>
      {children}
      {error ? (
        <p className={styles.message} id={ids.messageId} data-testid="field-error">
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint} id={ids.messageId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The message that concerns the whole form (a wrong password, a server refusal). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert" data-testid="form-error">
      {message}
    </p>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy} data-testid="submit">
      {children}
    </button>
  );
}
