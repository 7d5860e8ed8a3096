/** The orders menu of a signed-in user (R-MENU-02): every order history the site config shows. */
import { useLingui } from '@lingui/react/macro';
import type { NavItem } from '../navigation';
import { Dropdown } from '../../ui/Dropdown';
import { OrdersIcon } from '../../ui/icons';
import { NavItemList } from './NavMenu';
import styles from './Header.module.css';

export function OrdersMenu({ items, showLabel }: { items: readonly NavItem[]; showLabel: boolean }) {
  const { t } = useLingui();
  if (items.length === 0) return null;
  return (
    <Dropdown
      testId="orders-menu"
      trigger={
        <>
          <OrdersIcon />
          {showLabel ? <span>{t`Orders`}</span> : null}
        </>
      }
      triggerLabel={showLabel ? undefined : t`Orders`}
      chevron={showLabel}
      align="end"
      panelClassName={styles.menuPanel}
    >
      <NavItemList items={items} testId="orders-item" />
    </Dropdown>
  );
}
