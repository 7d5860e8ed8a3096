/**
 * A titled list of tappable menu rows (icon, title, optional description, chevron), as the
 * mobile menu pages show them. Rows link to pages given without a language prefix.
 */
import type { ReactNode } from 'react';
import { ArrowIcon } from '../../../../ui/icons';
import { PageLink } from '../../../../ui/PageLink';
import { Panel } from '../../../../ui/Panel';
import { MenuIcon } from './MenuIcon';
import styles from './MobileMenu.module.css';

export interface MenuRow {
  key: string;
  path: string;
  label: string;
  description?: string;
  /** 'danger' for an entry that ends something (sign out). */
  tone?: 'danger';
}

/** breakable: a long section that may continue in the next column on wide screens. */
export function MenuSection({ title, children, testId, breakable = false }: { title: string; children: ReactNode; testId?: string; breakable?: boolean }) {
  return (
    <section className={styles.section} data-testid={testId} data-breakable={breakable ? '' : undefined}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

export function MenuList({ rows }: { rows: readonly MenuRow[] }) {
  return (
    <Panel flush>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.key}>
            <PageLink to={row.path} className={styles.row} data-tone={row.tone} data-testid={`menu-item-${row.key}`}>
              <span className={styles.rowIcon}>
                <MenuIcon name={row.key} />
              </span>
              <span className={styles.rowText}>
                <span className={styles.rowLabel}>{row.label}</span>
                {row.description ? <span className={styles.rowDescription}>{row.description}</span> : null}
              </span>
              <ChevronIcon />
            </PageLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function ChevronIcon() {
  return <ArrowIcon direction="right" size={18} strokeWidth={1.8} className={styles.chevron} />;
}
