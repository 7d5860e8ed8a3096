/**
 * A select on Radix: a button showing the choice that opens a list (arrow keys, typeahead, the
 * chosen one marked). For a few fixed options (an order type, a period, a wallet); a long list
 * that needs a search is a SearchSelect.
 */
import * as RadixSelect from '@radix-ui/react-select';
import type { ReactNode } from 'react';
import { CheckIcon, ChevronDownIcon } from './icons';
import styles from './Overlay.module.css';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The trigger's accessible name when no FormField labels it. */
  label?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Select({ value, onValueChange, options, label, id, placeholder, disabled, testId, ...aria }: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger className={styles.trigger} id={id} aria-label={label} data-testid={testId} {...aria}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDownIcon size={16} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className={styles.surface} position="popper" sideOffset={6} collisionPadding={8}>
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} className={styles.item} data-testid={testId ? `${testId}-option-${option.value}` : undefined}>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator>
                  <CheckIcon size={16} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
