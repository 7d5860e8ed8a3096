/**
 * The mobile bottom navigation of spec 2 (R-LAY-03..06), shown under 1024 px, fixed at the
 * bottom: home, markets, trade, assets and the personal settings page, in the current language.
 * The tab of the page in view is marked current (trade on /futures, /exchange and /boption); the
 * trade tab opens futures where futures can be traded, spot until then (tradeTabPath). A
 * visitor's tap on assets or the personal settings page goes to login instead, which brings them
 * back afterwards (from). The layout leaves it out on the pages of isBottomNavHidden.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BOTTOM_TABS, SIGNED_IN_TABS, activeBottomTab, tradeTabPath, type BottomTabKey } from '../../shared/layout';
import { isAreaAllowed } from '../../shared/permissions';
import { useLocalize } from '../i18n/useLanguage';
import { useSignedIn } from '../state/hub';
import { PageLink } from '../ui/PageLink';
import styles from './BottomNav.module.css';
import { loginPath } from '../ui/paths';

const localeRoute = getRouteApi('/{-$locale}');

const TAB_LABELS: Record<BottomTabKey, MessageDescriptor> = {
  home: msg`Home`,
  quotes: msg`Markets`,
  trade: msg`Trade`,
  assets: msg`Assets`,
  profile: msg`Me`,
};

export function BottomNav() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const { pathname } = useLocation();
  const localize = useLocalize();
  const signedIn = useSignedIn();
  const active = activeBottomTab(pathname);
  const config = localeRoute.useLoaderData();
  const tradePath = tradeTabPath(isAreaAllowed(config.permission, 'futures'));
  return (
    <nav className={styles.bottomNav} aria-label={t`Main`} data-testid="bottom-nav">
      <ul className={styles.tabs}>
        {BOTTOM_TABS.map((tab) => {
          const path = tab.key === 'trade' ? tradePath : tab.path;
          const to = !signedIn && SIGNED_IN_TABS.has(tab.key) ? loginPath(localize(path)) : path;
          const current = tab.key === active;
          return (
            <li key={tab.key}>
              <PageLink to={to} className={styles.tab} aria-current={current ? 'page' : undefined} data-testid={`bottom-tab-${tab.key}`}>
                <span className={styles.icon}>{TAB_ICONS[tab.key]}</span>
                <span className={styles.label}>{_(TAB_LABELS[tab.key])}</span>
              </PageLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function TabIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

const TAB_ICONS: Record<BottomTabKey, ReactNode> = {
  home: (
    <TabIcon>
      <path d="M4 10.5 12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1v-8.5Z" />
    </TabIcon>
  ),
  quotes: (
    <TabIcon>
      <path d="M4 19h16" />
      <path d="m5 15 4.5-4.5 3.5 3L19.5 7" />
      <path d="M15 7h4.5v4.5" />
    </TabIcon>
  ),
  trade: (
    <TabIcon>
      <path d="M7 4v16M4 8l3-4 3 4" />
      <path d="M17 20V4m-3 12 3 4 3-4" />
    </TabIcon>
  ),
  assets: (
    <TabIcon>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18a1 1 0 0 1 1 1v2" />
      <rect x="4" y="7.5" width="16" height="11.5" rx="2" />
      <path d="M15.5 13.2h1.5" />
    </TabIcon>
  ),
  profile: (
    <TabIcon>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.8 20a7.2 7.2 0 0 1 14.4 0" />
    </TabIcon>
  ),
};
