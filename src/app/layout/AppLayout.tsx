/**
 * The main layout of spec 2 (R-LAY-01): the header, the mobile top bar of the pages that have
 * one, the page, the footer, the customer-service widget and the mobile bottom navigation, with
 * the toasts above them all. Which parts show depends on the page (shared/layout.ts).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SiteConfig } from '../../shared/api/site';
import { isBottomNavHidden, isFooterHidden } from '../../shared/layout';
import { Toaster } from '../ui/Toaster';
import styles from './AppLayout.module.css';
import { BottomNav } from './BottomNav';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { MobileTopBar } from './MobileTopBar';
import { ServiceWidget } from './ServiceWidget';

export function AppLayout({ config, children }: { config: SiteConfig; children: ReactNode }) {
  const { pathname } = useLocation();
  const bottomNavShown = !isBottomNavHidden(pathname);
  return (
    <div className={styles.layout} data-bottom-nav={bottomNavShown ? 'shown' : 'hidden'}>
      <a className={styles.skipLink} href="#main">
        {/* Visible on keyboard focus only. */}
        <SkipLinkText />
      </a>
      <Header config={config} />
      <MobileTopBar />
      <main id="main" className={styles.main}>
        {children}
      </main>
      {isFooterHidden(pathname) ? null : <Footer config={config} />}
      <ServiceWidget config={config} />
      {bottomNavShown ? <BottomNav /> : null}
      <Toaster />
    </div>
  );
}

function SkipLinkText() {
  const { t } = useLingui();
  return <>{t`Skip to content`}</>;
}
