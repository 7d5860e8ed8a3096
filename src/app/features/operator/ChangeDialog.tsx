/**
 * The console's dialog for changing a piece of the platform's configuration (a market, a coin, a
 * network, a limit): its fields filled with what is stored, Save sends only what changed. A field
 * the server refuses shows the server's message under it; a refusal of the whole change was
 * already shown by the client.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Controls';
import { Dialog } from '../../ui/Dialog';
import { FormField, inputClassName } from '../../ui/FormField';
import { Select, type SelectOption } from '../../ui/Select';
import { operatorFormRefusal } from './formRefusal';
import styles from './operator.module.css';

export type ChangeValue = string | boolean;

export interface ChangeField {
  /** The field's name in the call's body, which the server's field messages use too. */
  key: string;
  label: string;
  value: ChangeValue;
  hint?: string;
  /** A select's choices; a boolean value is a switch; anything else a text input. */
  options?: readonly SelectOption[];
}

export function ChangeDialog({
  title,
  description,
  fields,
  onSave,
  onClose,
  testId,
}: {
  title: string;
  description?: string;
  fields: readonly ChangeField[];
  /** Sends the changed fields; answers whether the change was made (the dialog then closes). */
  onSave: (changes: Record<string, ChangeValue>) => Promise<boolean>;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState<Record<string, ChangeValue>>(() => Object.fromEntries(fields.map((field) => [field.key, field.value])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changes = Object.fromEntries(fields.filter((field) => values[field.key] !== field.value).map((field) => [field.key, values[field.key]!]));
  const set = (key: string, value: ChangeValue) => setValues((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      if (await onSave(changes)) onClose();
    } catch (error) {
      const refusal = operatorFormRefusal(error, t`The server could not be reached. Nothing was changed.`);
      setErrors(refusal.fields);
      setFormError(refusal.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      testId={testId}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button onClick={() => void save()} disabled={Object.keys(changes).length === 0 || saving} data-testid={`${testId}-save`}>
            {t`Save`}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {fields.map((field) => {
          const value = values[field.key]!;
          if (typeof value === 'boolean') {
            return <Switch key={field.key} checked={value} onCheckedChange={(checked) => set(field.key, checked)} label={field.label} testId={`${testId}-${field.key}`} />;
          }
          return (
            <FormField key={field.key} label={field.label} hint={field.hint} error={errors[field.key] ?? null}>
              {(control) =>
                field.options ? (
                  <Select {...control} value={value} onValueChange={(next) => set(field.key, next)} options={field.options} testId={`${testId}-${field.key}`} />
                ) : (
                  <input {...control} className={inputClassName} inputMode="decimal" value={value} onChange={(event) => set(field.key, event.target.value)} data-testid={`${testId}-${field.key}`} />
                )
              }
            </FormField>
          );
        })}
        {formError ? <p className={styles.problems}>{formError}</p> : null}
      </div>
    </Dialog>
  );
}
