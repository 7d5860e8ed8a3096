/** A password input with a show/hide toggle (the toggle says which state it is in: aria-pressed). */
import { useLingui } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import { Button } from '../../ui/Button';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
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
        <Button variant="icon" className={styles.inlineButton} aria-pressed={shown} aria-label={t`Show password`} aria-controls={ids.inputId} onClick={() => setShown((current) => !current)}>
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </div>
    </Field>
  );
}
