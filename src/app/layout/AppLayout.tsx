/**
 * The main layout of spec 2 (R-LAY-01): the header, the mobile top bar of the pages that have
 * one, the page, the footer, the customer-service widget and the mobile bottom navigation, with
 * the toasts above them all. Which parts show depends on the page (shared/layout.ts).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SiteConfig } from '../../shared/api/site';
import { hasOrderFormSkip, isBottomNavHidden, isFooterHidden, ORDER_FORM_ANCHOR } from '../../shared/layout';
import { Toaster } from '../ui/Toaster';
import { useStages } from '../ui/useStages';
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
      {/* Visible on keyboard focus only. */}
      <a className={styles.skipLink} href="#main">
        <SkipLinkText />
      </a>
      {hasOrderFormSkip(pathname) ? (
        <a className={styles.skipLink} href={`#${ORDER_FORM_ANCHOR}`} data-testid="skip-to-order-form">
          <SkipLinkText target="order form" />
        </a>
      ) : null}
      <Header config={config} />
      <MobileTopBar />
      {/* tabIndex -1: the skip link and a closed dialog whose opener is gone can focus it. */}
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      {isFooterHidden(pathname) ? null : <FooterAfterFirstFrame config={config} />}
      <ServiceWidget config={config} />
      {bottomNavShown ? <BottomNav /> : null}
      <Toaster />
    </div>
  );
}

/**
 * The footer lies under every page's first screen: the app's first frame is drawn without it, and
 * it follows two painted frames later (issue 14: first paint on a phone), after the part of the
 * page that a page draws one frame after its heading (useStages), so that it never shows under the
 * heading to be pushed down a frame later. It stays as the user moves between pages, since the
 * layout does.
 */
function FooterAfterFirstFrame({ config }: { config: SiteConfig }) {
  const stage = useStages(3);
  return stage >= 3 ? <Footer config={config} /> : null;
}

function SkipLinkText({ target = 'content' }: { target?: 'content' | 'order form' }) {
  const { t } = useLingui();
  return <>{target === 'content' ? t`Skip to content` : t`Skip to the order form`}</>;
}
