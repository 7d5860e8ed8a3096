/**
 * A menu of actions on Radix (WAI-ARIA menu: arrow keys, typeahead, Escape; focus returns to the
 * button). Each item runs its action when chosen. The header's hover menus are Dropdown: the spec
 * opens them on hover, which a menu button does not do.
 */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import styles from './Overlay.module.css';

export interface MenuItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  testId?: string;
}

export interface MenuProps {
  trigger: ReactNode;
  items: readonly (MenuItem | 'separator')[];
  align?: 'start' | 'center' | 'end';
  label?: string;
  testId?: string;
}

export function Menu({ trigger, items, align = 'end', label, testId }: MenuProps) {
  return (
    <RadixMenu.Root>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className={styles.surface} align={align} sideOffset={6} collisionPadding={8} aria-label={label} data-testid={testId}>
          {items.map((item, index) =>
            item === 'separator' ? (
              <RadixMenu.Separator key={`separator-${index}`} className={styles.separator} />
            ) : (
              <RadixMenu.Item key={item.key} className={styles.item} disabled={item.disabled} onSelect={item.onSelect} data-testid={item.testId}>
                {item.label}
              </RadixMenu.Item>
            ),
          )}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
