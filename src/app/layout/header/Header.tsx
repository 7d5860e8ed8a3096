/**
 * The header of spec 2 (R-HEAD-01..14). On wide screens: the logo, the navigation groups with
 * their hover dropdowns, and on the right the asset overview, orders menu, notification bell and
 * user menu of a signed-in user (Log in and Register for a visitor), the language switcher and
 * the theme toggle. Under BREAKPOINT_COMPACT_HEADER_PX the header is compact: the navigation and
 * the user's menus move into drawers behind the menu button and the avatar; on a wide screen
 * where a language's labels do not fit the row, the right side first drops its labels, then
 * the header turns compact as well (useHeaderFit). It sticks to the top
 * and takes a shadow once the page scrolls past SCROLL_THRESHOLD_PX.
 *
 * It also keeps the tab's session store in step with the hub: another user's profile is never
 * shown, and the profile is read HEADER_PROFILE_READ_DELAY_MS after a signed-in page opens.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { SiteConfig } from '../../../shared/api/site';
import { BREAKPOINT_COMPACT_HEADER_PX, HEADER_PROFILE_READ_DELAY_MS } from '../../../shared/constants';
import { isVerified } from '../../../shared/layout';
import type { SessionState } from '../../../workers/protocol';
import { useHubPart, useHubSession } from '../../state/hub';
import type { HubViewState } from '../../state/hub-store';
import { adoptProfile, loadBalances, loadProfile, resetSession, session } from '../../state/session';
import { useLanguage } from '../../i18n/useLanguage';
import { PageLink } from '../../ui/PageLink';
import { ASSET_GROUPS, NAV_GROUPS, ORDER_ITEMS, USER_ITEMS, visibleGroups, visibleItems } from '../navigation';
import { AssetOverview } from './AssetOverview';
import { identityKeyOf } from './headerLogic';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { useBalancesFollowFlag, useHeaderFit, useScrolled } from './headerHooks';
import { MenuIcon, UserIcon } from '../../ui/icons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavDrawer, UserDrawer } from './MobileDrawers';
import { NavMenu } from './NavMenu';
import { NotificationBell } from './NotificationBell';
import { OrdersMenu } from './OrdersMenu';
import { ThemeToggle } from './ThemeToggle';
import { Avatar, refreshIdentity, UserMenu } from './UserMenu';
import { SiteMark } from '../SiteMark';
import styles from './Header.module.css';

/** Under this width a compact header leaves Log in and Register to the menu drawer. */
const AUTH_LINKS_MIN_PX = 600;

type DrawerName = 'nav' | 'user';

/** The hub's session decides who is shown; the store follows (R-STATE-14 on a change of user). */
function useSessionStoreSync(state: SessionState): void {
  useEffect(() => {
    if (state.status === 'signedOut') {
      adoptProfile(null);
    } else if (state.status === 'signedIn') {
      if (session.profile && identityKeyOf(session.profile) !== identityKeyOf(state.profile)) resetSession();
      if (!session.profile) adoptProfile(state.profile);
    }
  }, [state]);
}

function useDelayedProfileRead(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    const timer = window.setTimeout(() => void loadProfile(), HEADER_PROFILE_READ_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn]);
}

function Logo({ name, showName }: { name: string; showName: boolean }) {
  return (
    <PageLink to="/" className={styles.logo} data-testid="logo" aria-label={showName ? undefined : name}>
      <SiteMark className={styles.logoMark} />
      {showName ? <span className={styles.logoName}>{name}</span> : null}
    </PageLink>
  );
}

/** No status from the hub, and it could not be started or reached. */
const selectHubSilent = (state: HubViewState) => state.status === null && state.failure !== null;
const selectNotifications = (state: HubViewState) => state.status?.notifications;

export function Header({ config }: { config: SiteConfig }) {
  const { t } = useLingui();
  // The parts of the hub's status the header shows, each read on its own: a push that only moves the
  // socket's or the quote feed's state does not render the header (useHubPart).
  const sessionState: SessionState = useHubSession();
  const hubSilent = useHubPart(selectHubSilent);
  const notificationState = useHubPart(selectNotifications);
  const signedIn = sessionState.status === 'signedIn';
  // A hub that never answered leaves the visitor a way to sign in.
  const signedOut = sessionState.status === 'signedOut' || hubSilent;
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINT_COMPACT_HEADER_PX - 0.02}px)`);
  const language = useLanguage();
  const rowRef = useRef<HTMLDivElement>(null);
  const fit = useHeaderFit(rowRef, `${language}|${sessionState.status}|${config.name}`, !narrow);
  const compact = narrow || fit === 'compact';
  const labels = !compact && fit === 'full';
  const roomForAuthLinks = useMediaQuery(`(min-width: ${AUTH_LINKS_MIN_PX}px)`);
  const scrolled = useScrolled();
  const [drawer, setDrawer] = useState<DrawerName | null>(null);

  const groups = useMemo(() => visibleGroups(NAV_GROUPS, config), [config]);
  const orderItems = useMemo(() => visibleItems(ORDER_ITEMS, config), [config]);
  const userItems = useMemo(() => visibleItems(USER_ITEMS, config), [config]);
  const assetGroups = useMemo(() => visibleGroups(ASSET_GROUPS, config), [config]);

  useSessionStoreSync(sessionState);
  useDelayedProfileRead(signedIn);
  useBalancesFollowFlag(signedIn);
  const stored = useSnapshot(session).profile;
  const profile = signedIn ? (stored ?? sessionState.profile) : null;
  const verified = profile !== null && isVerified(profile);
  const notifications = signedIn && config.notificationEnabled ? notificationState : undefined;
  const unread = notifications?.enabled ? notifications.unread : 0;

  const openUserDrawer = () => {
    if (!profile) return;
    refreshIdentity(profile);
    if (!verified) void loadBalances(true);
    setDrawer('user');
  };

  return (
    <header
      className={styles.header}
      data-testid="header"
      data-compact={compact ? 'true' : 'false'}
      data-fit={compact ? 'compact' : fit}
      data-scrolled={scrolled ? 'true' : 'false'}
      data-session={sessionState.status}
    >
      <div ref={rowRef} className={styles.inner}>
        <Logo name={config.name} showName />
        {compact ? null : <NavMenu groups={groups} />}
        <div className={styles.actions}>
          {signedIn && profile && !compact ? (
            <>
              <AssetOverview verified={verified} showLabel={labels} />
              <OrdersMenu items={orderItems} showLabel={labels} />
            </>
          ) : null}
          {signedOut && (!compact || roomForAuthLinks) ? (
            <>
              <PageLink to="/login" className={styles.textAction} data-testid="login-link">
                {t`Log in`}
              </PageLink>
              <PageLink to="/register" className={styles.primaryButton} data-testid="register-link">
                {t`Register`}
              </PageLink>
            </>
          ) : null}
          {notifications ? <NotificationBell unread={unread} /> : null}
          {signedIn && profile ? (
            compact ? (
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t`Account`}
                aria-expanded={drawer === 'user'}
                aria-haspopup="dialog"
                data-testid="avatar"
                onClick={openUserDrawer}
              >
                <Avatar profile={profile} />
              </button>
            ) : (
              <UserMenu profile={profile} items={userItems} />
            )
          ) : (
            <PageLink to="/login" className={styles.iconButton} aria-label={t`Log in`} data-testid="avatar">
              <UserIcon />
            </PageLink>
          )}
          <LanguageSwitcher languages={config.supportedLanguages} showLabel={labels} />
          <ThemeToggle />
          {compact ? (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t`Menu`}
              aria-expanded={drawer === 'nav'}
              aria-haspopup="dialog"
              data-testid="menu-button"
              onClick={() => setDrawer('nav')}
            >
              <MenuIcon />
            </button>
          ) : null}
        </div>
      </div>
      {compact && drawer === 'nav' ? (
        <NavDrawer
          groups={groups}
          signedIn={signedIn}
          signedOut={signedOut}
          orderItems={orderItems}
          assetGroups={assetGroups}
          languages={config.supportedLanguages}
          onClose={() => setDrawer(null)}
        />
      ) : null}
      {compact && drawer === 'user' && profile ? (
        <UserDrawer
          profile={profile}
          orderItems={orderItems}
          userItems={userItems}
          unread={notifications?.enabled ? notifications.unread : null}
          onClose={() => setDrawer(null)}
        />
      ) : null}
    </header>
  );
}
