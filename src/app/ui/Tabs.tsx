/**
 * Tabs (WAI-ARIA tabs: a tablist of tabs, each controlling its tabpanel; the arrow keys, Home and
 * End move between the tabs and select the one they reach; Tab goes from the selected tab into the
 * panel). Give `items` and the panels as children (TabPanel, one per value; only the selected
 * value's panel is drawn). A strip that filters one view (the quotes table by type) gives one
 * TabPanel with the current value around that view: every tab then controls a panel that exists.
 * `variant` line is the page's underlined strip; pills, the small filter chips.
 *
 * Written here rather than on Radix's tabs (DESIGN.md names Radix for the kit's primitives): under
 * the Preact compat runtime (vite.config.ts), Radix's roving focus and collection drew a strip of
 * five tabs in about 25 ms on a phone's CPU, more than the table under it, and every screen with a
 * strip paid it at its first render and at each of its renders (issue 14). This is the same
 * pattern in buttons and one key handler, with Radix's attributes (data-state, aria-controls), so
 * the styles and tests did not change.
 *
 * TabLinks is the same strip for a strip whose entries are pages (a list's categories, each with
 * its own address): links in a navigation landmark, the current one marked aria-current="page",
 * so that each can be opened in a new tab or shared. Its `side` variant is a section's navigation
 * that stands in a column beside the content on wide screens and is the pills on narrower ones.
 */
import { createContext, useContext, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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

/** The strip's selected value and the ids its tabs and panels name each other by. */
const TabsContext = createContext<{ value: string; ids: (value: string) => { tab: string; panel: string } } | null>(null);

/** Where each key moves the focus among `count` tabs from `index` (the strip wraps around). */
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function Tabs({ items, value, onValueChange, label, variant = 'line', children, testId, trailing, className }: TabsProps) {
  const baseId = useId();
  const ids = (item: string) => ({ tab: `${baseId}-tab-${item}`, panel: `${baseId}-panel-${item}` });
  const selectable = items.filter((item) => !item.disabled);
  // The tab the Tab key lands on: the selected one, or the first that can be selected.
  const focusable = selectable.some((item) => item.value === value) ? value : selectable[0]?.value;
  const select = (next: string) => {
    if (next !== value) onValueChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    // The tab reached is selected by its focus (automatic activation).
    tabs[move(index, tabs.length)]?.focus();
  };
  return (
    <TabsContext.Provider value={{ value, ids }}>
      <div className={className} data-testid={testId}>
        <div className={styles.row}>
          <div role="tablist" aria-label={label} aria-orientation="horizontal" className={styles.list} data-variant={variant} onKeyDown={onKeyDown}>
            {items.map((item) => {
              const selected = item.value === value;
              const { tab, panel } = ids(item.value);
              return (
                <button
                  key={item.value}
                  type="button"
                  role="tab"
                  id={tab}
                  aria-selected={selected}
                  aria-controls={panel}
                  data-state={selected ? 'active' : 'inactive'}
                  tabIndex={item.value === focusable ? 0 : -1}
                  disabled={item.disabled}
                  className={styles.tab}
                  data-testid={item.testId}
                  onClick={() => select(item.value)}
                  onFocus={() => select(item.value)}
                >
                  {item.label}
                </button>
              );
            })}
          </div>
          {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
        </div>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** The panel of one value, drawn while that value is selected. */
export function TabPanel({ value, children, className, testId }: { value: string; children: ReactNode; className?: string; testId?: string }) {
  const strip = useContext(TabsContext);
  if (!strip || strip.value !== value) return null;
  const { tab, panel } = strip.ids(value);
  return (
    <div role="tabpanel" id={panel} aria-labelledby={tab} tabIndex={0} data-state="active" className={[styles.panel, className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </div>
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
