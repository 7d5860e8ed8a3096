/**
 * The header's left navigation on wide screens (R-HEAD-02): the groups of spec 1 that the site
 * config leaves visible; a group of one page is a plain link, the others open a dropdown of
 * their pages with a line on what each is for.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { NavGroup, NavItem } from '../navigation';
import { PageLink } from '../../ui/PageLink';
import { Dropdown } from '../../ui/Dropdown';
import { isCurrentPage } from './headerLogic';
import styles from './Header.module.css';

export function NavMenu({ groups }: { groups: readonly NavGroup[] }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <nav className={styles.nav} aria-label={t`Main`}>
      <ul className={styles.navList}>
        {groups.map((group) => {
          const current = group.items.some((item) => isCurrentPage(pathname, item.path));
          const [only] = group.items;
          return (
            <li key={group.key} className={styles.navEntry}>
              {group.items.length === 1 && only ? (
                <PageLink
                  to={only.path}
                  className={styles.navLink}
                  data-testid={`nav-group-${group.key}`}
                  data-current={current ? 'true' : undefined}
                  aria-current={current ? 'page' : undefined}
                >
                  {i18n._(group.title)}
                </PageLink>
              ) : (
                <Dropdown
                  trigger={i18n._(group.title)}
                  chevron
                  triggerClassName={`${styles.navLink} ${current ? styles.navLinkCurrent : ''}`}
                  triggerTestId={`nav-group-${group.key}`}
                  panelTestId={`nav-panel-${group.key}`}
                  panelClassName={styles.navPanel}
                >
                  <NavItemList items={group.items} />
                </Dropdown>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Pages as rows: the title, and the description below it where the item has one. */
export function NavItemList({ items, testId }: { items: readonly NavItem[]; testId?: string }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <ul className={styles.itemList}>
      {items.map((item) => {
        const current = isCurrentPage(pathname, item.path);
        return (
          <li key={item.key}>
            <PageLink to={item.path} className={styles.item} aria-current={current ? 'page' : undefined} data-testid={testId ? `${testId}-${item.key}` : undefined}>
              <span className={styles.itemTitle}>{i18n._(item.title)}</span>
              {item.description ? <span className={styles.itemDescription}>{i18n._(item.description)}</span> : null}
            </PageLink>
          </li>
        );
      })}
    </ul>
  );
}
