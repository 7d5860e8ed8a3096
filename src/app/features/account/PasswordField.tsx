/** A password input with a show/hide toggle (the toggle says which state it is in: aria-pressed). */
import { useLingui } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import styles from './account.module.css';
import { Field, FieldInput, useFieldIds } from './Field';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name: string;
  error?: string | null;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  testId: string;
}

export function PasswordField({ label, value, onChange, autoComplete, name, error, hint, inputRef, testId }: PasswordFieldProps) {
  const { t } = useLingui();
  const ids = useFieldIds();
  const [shown, setShown] = useState(false);
  return (
    <Field ids={ids} label={label} error={error} hint={hint}>
      <div className={styles.control} data-invalid={Boolean(error)}>
        <FieldInput
          inputRef={inputRef}
          type={shown ? 'text' : 'password'}
          name={name}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={128}
          value={value}
          onChange={onChange}
          testId={testId}
        />
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={shown}
          aria-label={t`Show password`}
          aria-controls={ids.inputId}
          onClick={() => setShown((current) => !current)}
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
