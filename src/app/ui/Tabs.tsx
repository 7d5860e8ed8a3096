/**
 * Tabs on Radix (WAI-ARIA tabs: tablist, tab, tabpanel, arrow keys, Home and End, focus into the
 * panel). Give `items` and the panels as children (TabPanel, one per value). A strip that filters
 * one view (the quotes table by type) gives one TabPanel with the current value around that view:
 * every tab then controls a panel that exists. `variant` line is the page's underlined strip;
 * pills, the small filter chips.
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  testId?: string;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  value: string;
  onValueChange: (value: string) => void;
  /** The tab list's accessible name. */
  label: string;
  variant?: 'line' | 'pills';
  /** The panels (TabPanel). */
  children: ReactNode;
  testId?: string;
  /** Where the list sits: the end of its row holds what follows it (a search field). */
  trailing?: ReactNode;
  className?: string;
}

export function Tabs({ items, value, onValueChange, label, variant = 'line', children, testId, trailing, className }: TabsProps) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} activationMode="automatic" className={className} data-testid={testId}>
      <div className={styles.row}>
        <RadixTabs.List className={styles.list} data-variant={variant} aria-label={label}>
          {items.map((item) => (
            <RadixTabs.Trigger key={item.value} value={item.value} className={styles.tab} disabled={item.disabled} data-testid={item.testId}>
              {item.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
        {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
      </div>
      {children}
    </RadixTabs.Root>
  );
}

export function TabPanel({ value, children, className, testId }: { value: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <RadixTabs.Content value={value} className={[styles.panel, className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </RadixTabs.Content>
  );
}
