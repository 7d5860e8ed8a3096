/**
 * A list's filter (a pair, a side, a status) as a labelled native select: the orders pages'
 * filter rows compose it. The first option is usually "all"; the value is one of the options'.
 */
import { FormField, inputClassName } from './FormField';

export interface FilterOption<Value extends string> {
  value: Value;
  label: string;
}

export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: Value;
  options: readonly FilterOption<Value>[];
  onChange: (value: Value) => void;
  testId?: string;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <select
          {...control}
          className={inputClassName}
          value={value}
          data-testid={testId}
          onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value ?? value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
