/**
 * The frame of one form field: its label, the control, and below it either the field's error or
 * a hint. The control is tied to both by id (aria-describedby), and marks itself invalid
 * (aria-invalid) when there is an error, so a screen reader reads the message with the field.
 * A FieldInput inside a Field takes the field's ids and message from it.
 */
import { createContext, use, useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Button } from '../../ui/Button';
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

/** What a Field tells the input inside it. */
interface FieldState {
  ids: FieldIds;
  error?: string | null;
  hint?: string;
}

const FieldContext = createContext<FieldState | null>(null);

export interface FieldInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange'> {
  value: string;
  /** The value as typed. */
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  testId: string;
}

/** The text input of the Field around it; its attributes (type, name, autoComplete...) pass through. */
export function FieldInput({ value, onChange, inputRef, testId, ...attributes }: FieldInputProps) {
  const field = use(FieldContext);
  if (!field) throw new Error('A FieldInput belongs inside a Field');
  return (
    <input
      {...attributes}
      {...describedControl(field.ids, field.error, field.hint)}
      ref={inputRef}
      className={styles.input}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid={testId}
    />
  );
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
      <FieldContext value={{ ids, error, hint }}>{children}</FieldContext>
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

/** The form's one action; while the form is busy it says what is happening (its children) and waits. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="large" block className={styles.submit} disabled={busy} aria-busy={busy} data-testid="submit">
      {children}
    </Button>
  );
}
