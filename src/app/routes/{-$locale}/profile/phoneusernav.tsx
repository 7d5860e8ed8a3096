/**
 * /Profile/PhoneUserNav (spec 2, "Mobile menu adds orders, assets, language switch, service and
 * about us"; R-MENU-04): the personal settings page of the bottom navigation's 'Me' tab. A
 * signed-in user sees their card, the user menu, the orders menu, the assets menu, the language
 * switch, service, about us and sign out; a visitor sees login and register, the language switch,
 * service and about us. Everything the site config hides is left out.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import type { SiteConfig } from '../../../../shared/api/site';
import { ASSET_GROUPS, LOGOUT_PATH, ORDER_ITEMS, USER_ITEMS, visibleGroups, visibleItems, type NavItem } from '../../../layout/navigation';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';
import { useHubSession } from '../../../state/hub';
import { MenuList, MenuSection, type MenuRow } from '../home/-components/MenuList';
import styles from '../home/-components/MobileMenu.module.css';
import { LanguageMenu } from './-components/LanguageMenu';
import { UserCard, VisitorCard } from './-components/UserCard';

export const Route = createFileRoute('/{-$locale}/profile/phoneusernav')({
  component: PhoneUserNav,
});

const localeRoute = getRouteApi('/{-$locale}');

function PhoneUserNav() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLinguiRuntime();
  const { t } = useLingui();
  const session = useHubSession();
  const page = findPage(pathname);
  const rowsOf = (items: readonly NavItem[]): MenuRow[] => items.map((item) => ({ key: item.key, path: item.path, label: _(item.title) }));
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name}>
      <div className={styles.page} data-testid="phone-user-nav" data-session={session.status}>
        {session.status === 'signedIn' ? <UserCard profile={session.profile} /> : null}
        {session.status === 'signedOut' ? <VisitorCard /> : null}
        {session.status === 'signedIn' ? <SignedInSections config={config} rowsOf={rowsOf} /> : null}
        <MenuSection title={t`Settings`} testId="settings-section">
          <LanguageMenu languages={config.supportedLanguages} />
          <MenuList
            rows={[
              { key: 'service', path: '/help', label: t`Customer service` },
              { key: 'about', path: '/about', label: t`About us` },
            ]}
          />
          {session.status === 'signedIn' ? <MenuList rows={[{ key: 'logout', path: LOGOUT_PATH, label: t`Sign out`, tone: 'danger' }]} /> : null}
        </MenuSection>
      </div>
    </PageFrame>
  );
}

function SignedInSections({ config, rowsOf }: { config: SiteConfig; rowsOf: (items: readonly NavItem[]) => MenuRow[] }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const userRows = rowsOf(visibleItems(USER_ITEMS, config));
  const orderRows = rowsOf(visibleItems(ORDER_ITEMS, config));
  const assetGroups = visibleGroups(ASSET_GROUPS, config);
  return (
    <>
      {userRows.length > 0 ? (
        <MenuSection title={t`Account`} testId="account-section">
          <MenuList rows={userRows} />
        </MenuSection>
      ) : null}
      {orderRows.length > 0 ? (
        <MenuSection title={t`Orders`} testId="orders-section">
          <MenuList rows={orderRows} />
        </MenuSection>
      ) : null}
      {assetGroups.length > 0 ? (
        <MenuSection title={t`Assets`} testId="assets-section" breakable>
          {assetGroups.map((group) => (
            <div key={group.key} className={styles.section}>
              <h3 className={styles.subTitle}>{_(group.title)}</h3>
              <MenuList rows={rowsOf(group.items)} />
            </div>
          ))}
        </MenuSection>
      ) : null}
    </>
  );
}
