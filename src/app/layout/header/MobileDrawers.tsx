/**
 * The compact header's drawers (R-HEAD-08, R-MENU-04). The navigation drawer holds the menu
 * groups as collapsible sections, then (signed in) orders and assets, the language switch,
 * service and about us; a visitor also finds Log in and Register there. The user drawer holds
 * the user's name, VIP level and identity line, the balance (total, Deposit, Withdraw), the
 * orders, the unread count, the profile pages and sign out.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Profile } from '../../../shared/api/account';
import type { Language } from '../../../shared/languages';
import { PageLink } from '../../ui/PageLink';
import type { NavGroup, NavItem } from '../navigation';
import { AssetBalance } from './AssetOverview';
import { Drawer } from '../../ui/Drawer';
import { LanguageOptions } from './LanguageSwitcher';
import { NavItemList } from './NavMenu';
import { NOTIFICATION_CENTRE_PATH } from './NotificationBell';
import { SignOutLink, UserSummary } from './UserMenu';
import styles from './Header.module.css';

export const HELP_PATH = '/help';
export const ABOUT_PATH = '/about';

function Section({ id, title, defaultOpen = false, children }: { id: string; title: string; defaultOpen?: boolean; children: ReactNode }) {
  return (
    <details className={styles.section} open={defaultOpen} data-testid={`drawer-section-${id}`}>
      <summary className={styles.sectionSummary}>{title}</summary>
      <div className={styles.sectionBody}>{children}</div>
    </details>
  );
}

export interface NavDrawerProps {
  groups: readonly NavGroup[];
  signedIn: boolean;
  signedOut: boolean;
  orderItems: readonly NavItem[];
  assetGroups: readonly NavGroup[];
  languages: readonly Language[];
  onClose: () => void;
}

export function NavDrawer({ groups, signedIn, signedOut, orderItems, assetGroups, languages, onClose }: NavDrawerProps) {
  const { t, i18n } = useLingui();
  return (
    <Drawer label={t`Menu`} side="end" testId="nav-drawer" onClose={onClose}>
      {signedOut ? (
        <div className={styles.drawerAuth}>
          <PageLink to="/login" className={styles.secondaryButton} data-testid="drawer-login">
            {t`Log in`}
          </PageLink>
          <PageLink to="/register" className={styles.primaryButton} data-testid="drawer-register">
            {t`Register`}
          </PageLink>
        </div>
      ) : null}
      <nav aria-label={t`Main`}>
        {groups.map((group) => {
          const [only] = group.items;
          return group.items.length === 1 && only ? (
            <PageLink key={group.key} to={only.path} className={styles.sectionLink} data-testid={`drawer-group-${group.key}`}>
              {i18n._(group.title)}
            </PageLink>
          ) : (
            <Section key={group.key} id={group.key} title={i18n._(group.title)}>
              <NavItemList items={group.items} />
            </Section>
          );
        })}
      </nav>
      {signedIn && orderItems.length > 0 ? (
        <Section id="orders" title={t`Orders`}>
          <NavItemList items={orderItems} />
        </Section>
      ) : null}
      {signedIn ? (
        <Section id="assets" title={t`Assets`}>
          {assetGroups.map((group) => (
            <div key={group.key} className={styles.subsection}>
              <p className={styles.subsectionTitle}>{i18n._(group.title)}</p>
              <NavItemList items={group.items} />
            </div>
          ))}
        </Section>
      ) : null}
      <Section id="language" title={t`Language`}>
        <LanguageOptions languages={languages} testIdPrefix="drawer-language" />
      </Section>
      <PageLink to={HELP_PATH} className={styles.sectionLink} data-testid="drawer-service">
        {t`Service`}
      </PageLink>
      <PageLink to={ABOUT_PATH} className={styles.sectionLink} data-testid="drawer-about">
        {t`About us`}
      </PageLink>
    </Drawer>
  );
}

export interface UserDrawerProps {
  profile: Profile;
  orderItems: readonly NavItem[];
  userItems: readonly NavItem[];
  unread: number | null;
  onClose: () => void;
}

export function UserDrawer({ profile, orderItems, userItems, unread, onClose }: UserDrawerProps) {
  const { t } = useLingui();
  return (
    <Drawer label={t`Account`} side="end" testId="user-drawer" onClose={onClose}>
      <UserSummary profile={profile} />
      <Section id="balance" title={t`Balance`} defaultOpen>
        <AssetBalance />
      </Section>
      {orderItems.length > 0 ? (
        <Section id="orders" title={t`Orders`}>
          <NavItemList items={orderItems} />
        </Section>
      ) : null}
      {unread !== null ? (
        <PageLink to={NOTIFICATION_CENTRE_PATH} className={styles.sectionLink} data-testid="drawer-notifications">
          <span>{t`Notifications`}</span>
          <span className={styles.drawerCount} data-testid="drawer-unread-count">
            {unread}
          </span>
        </PageLink>
      ) : null}
      {/* The unread count above is the notification centre's entry here. */}
      <NavItemList items={userItems.filter((item) => item.path !== NOTIFICATION_CENTRE_PATH)} testId="user-item" />
      <div className={styles.panelFooter}>
        <SignOutLink />
      </div>
    </Drawer>
  );
}
