/**
 * The frame of every Assets page (spec 2, R-MENU-01): the page's title, then the Assets menu
 * (spot account: assets, deposit, withdraw, deposit history, withdraw history; futures account;
 * loan account: assets, borrow records; finance account: assets, records; asset flow) beside the
 * content on wide screens, and as two strips over it on narrow ones (the accounts, then the
 * pages of the current account). The overview (/Assets) leads the menu. What the site config
 * hides (the loan entries while loanEnabled is off, R-LAY-09) is left out, and a visitor is asked
 * to log in: every Assets page is the signed-in user's own.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { findPage } from '../pages/registry';
import { SideMenu } from '../ui/SideMenu';
import { TabLinks } from '../ui/Tabs';
import styles from './AssetsLayout.module.css';
import { ASSET_GROUPS, visibleGroups, type NavGroup } from './navigation';
import { RegisteredPage } from './RegisteredPage';
import { SignedInOnly } from './SignedInOnly';

const localeRoute = getRouteApi('/{-$locale}');

export const ASSETS_OVERVIEW_PATH = '/assets';

const OVERVIEW_GROUP: NavGroup = {
  key: 'overview',
  title: msg`Overview`,
  items: [{ key: 'overview', path: ASSETS_OVERVIEW_PATH, title: msg`Total assets` }],
};

const menuLabel = msg`Assets menu`;
const accountsLabel = msg`Accounts`;
const signInPrompt = msg`Log in to see your assets.`;

/** The menu's groups as the site config shows them, each item marked when it is the page shown. */
function useAssetsMenu(): { key: string; title: string; items: { key: string; to: string; label: string; current: boolean; testId: string }[] }[] {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const currentPath = findPage(pathname)?.path.toLowerCase();
  return [OVERVIEW_GROUP, ...visibleGroups(ASSET_GROUPS, config)].map((group) => ({
    key: group.key,
    title: _(group.title),
    items: group.items.map((item) => ({
      key: item.key,
      to: item.path,
      label: _(item.title),
      current: item.path.toLowerCase() === currentPath,
      testId: `assets-menu-${item.key}`,
    })),
  }));
}

export function AssetsMenu() {
  const { _ } = useLingui();
  const groups = useAssetsMenu();
  const currentGroup = groups.find((group) => group.items.some((item) => item.current));
  return (
    <>
      <SideMenu groups={groups} label={_(menuLabel)} testId="assets-menu" className={styles.side} />
      <div className={styles.strips} data-testid="assets-menu-phone">
        <TabLinks
          label={_(accountsLabel)}
          variant="line"
          items={groups.map((group) => ({
            key: group.key,
            to: group.items[0]?.to ?? ASSETS_OVERVIEW_PATH,
            label: group.title,
            current: group === currentGroup,
            testId: `assets-account-${group.key}`,
          }))}
        />
        {currentGroup && currentGroup.items.length > 1 ? (
          <TabLinks label={currentGroup.title} variant="pills" items={currentGroup.items.map((item) => ({ ...item, testId: `assets-page-${item.key}` }))} />
        ) : null}
      </div>
    </>
  );
}

/** An Assets page: the registered page's frame, the Assets menu, and the content once signed in. */
export function AssetsLayout({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  return (
    <RegisteredPage>
      <div className={styles.layout} data-testid="assets-layout">
        <AssetsMenu />
        <div className={styles.content}>
          <SignedInOnly prompt={_(signInPrompt)}>{() => children}</SignedInOnly>
        </div>
      </div>
    </RegisteredPage>
  );
}
