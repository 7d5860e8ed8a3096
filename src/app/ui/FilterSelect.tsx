/**
 * A list's filter (a pair, a side, a status) as a labelled native select: the orders pages'
 * filter rows compose it. The first option is usually "all"; the value is one of the options'.
 * PairFilter is the pair's: every market given, or all of them (''), by symbol.
 */
import { useLingui } from '@lingui/react/macro';
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

export function PairFilter({ symbols, value, onChange, testId }: { symbols: readonly { symbol: string; name: string }[]; value: string; onChange: (symbol: string) => void; testId?: string }) {
  const { t } = useLingui();
  return (
    <FilterSelect
      label={t`Pair`}
      value={value}
      options={[{ value: '', label: t`All pairs` }, ...symbols.map((symbol) => ({ value: symbol.symbol, label: symbol.name }))]}
      onChange={onChange}
      testId={testId}
    />
  );
}
