/**
 * Tabs on Radix (WAI-ARIA tabs: tablist, tab, tabpanel, arrow keys, Home and End, focus into the
 * panel). Give `items` and the panels as children (TabPanel, one per value). A strip that filters
 * one view (the quotes table by type) gives one TabPanel with the current value around that view:
 * every tab then controls a panel that exists. `variant` line is the page's underlined strip;
 * pills, the small filter chips.
 *
 * TabLinks is the same strip for a strip whose entries are pages (a list's categories, each with
 * its own address): links in a navigation landmark, the current one marked aria-current="page",
 * so that each can be opened in a new tab or shared. Its `side` variant is a section's navigation
 * that stands in a column beside the content on wide screens and is the pills on narrower ones.
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import { useEffect, useRef, type ReactNode } from 'react';
import { PageLink } from './PageLink';
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

export interface TabLinkItem {
  key: string | number;
  /** The page, without a language prefix (PageLink's `to`). */
  to: string;
  label: ReactNode;
  current: boolean;
  testId?: string;
  /** The entry's data-id (a category's id), for tests and scripts. */
  dataId?: string | number;
}

export interface TabLinksProps {
  items: readonly TabLinkItem[];
  /** The navigation's accessible name. */
  label: string;
  variant?: 'line' | 'pills' | 'side';
  testId?: string;
  className?: string;
}

export function TabLinks({ items, label, variant = 'line', testId, className }: TabLinksProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const currentKey = items.find((item) => item.current)?.key;
  // A strip that scrolls sideways (a phone) brings the current entry into view.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - list.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [currentKey, items.length]);
  return (
    <nav aria-label={label} className={className} data-testid={testId}>
      <ul ref={listRef} className={`${styles.list} ${styles.linkList}`} data-variant={variant}>
        {items.map((item) => (
          <li key={item.key} className={styles.linkItem}>
            <PageLink
              to={item.to}
              className={`${styles.tab} ${styles.tabLink}`}
              aria-current={item.current ? 'page' : undefined}
              data-state={item.current ? 'active' : 'inactive'}
              data-testid={item.testId}
              data-id={item.dataId}
            >
              {item.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
