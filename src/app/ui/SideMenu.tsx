/**
 * A section's menu in groups, as a column beside the content (the Assets menu of spec 2: spot
 * account, futures account, ...): one navigation landmark, each group a heading over its links,
 * the current page marked aria-current="page". Narrow screens show a section's navigation as
 * TabLinks strips instead; this column is for wide ones.
 */
import type { ReactNode } from 'react';
import { PageLink } from './PageLink';
import styles from './SideMenu.module.css';

export interface SideMenuItem {
  key: string;
  /** The page, without a language prefix (PageLink's `to`). */
  to: string;
  label: ReactNode;
  current: boolean;
  testId?: string;
}

export interface SideMenuGroup {
  key: string;
  title: ReactNode;
  items: readonly SideMenuItem[];
}

export function SideMenu({ groups, label, testId, className }: { groups: readonly SideMenuGroup[]; label: string; testId?: string; className?: string }) {
  return (
    <nav aria-label={label} className={[styles.menu, className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      {groups.map((group) => (
        <div key={group.key} className={styles.group} data-group={group.key}>
          <p className={styles.title} id={`side-menu-${group.key}`}>
            {group.title}
          </p>
          <ul className={styles.list} aria-labelledby={`side-menu-${group.key}`}>
            {group.items.map((item) => (
              <li key={item.key}>
                <PageLink
                  to={item.to}
                  className={styles.link}
                  aria-current={item.current ? 'page' : undefined}
                  data-state={item.current ? 'active' : 'inactive'}
                  data-testid={item.testId}
                >
                  {item.label}
                </PageLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
