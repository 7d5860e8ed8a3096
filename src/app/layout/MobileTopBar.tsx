/**
 * The mobile top bar of spec 2 (R-LAY-14, R-LAY-15), under 1024 px, on the pages that have one:
 * convert, finance, staking, loan, startup and brief announcements get a transparent bar with
 * only a back arrow; announcements, college and posts get the page title, a back arrow and a
 * close button that goes home. Back goes back in the tab's history, or home when the page was
 * opened directly.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { mobileTopBarOf } from '../../shared/layout';
import { useLocalize } from '../i18n/useLanguage';
import { PageLink } from '../ui/PageLink';
import styles from './MobileTopBar.module.css';

const MobileTopBarTitle = lazy(() => import('./MobileTopBar.title'));

export function MobileTopBar() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const router = useRouter();
  const localize = useLocalize();
  const kind = mobileTopBarOf(pathname);
  if (kind === 'none') return null;
  const goBack = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ href: localize('/') });
  };
  return (
    <div className={styles.bar} data-kind={kind} data-testid="mobile-top-bar">
      <button type="button" className={styles.iconButton} onClick={goBack} aria-label={t`Back`} data-testid="mobile-top-bar-back">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M15 5 8 12l7 7" />
        </svg>
      </button>
      {kind === 'titled' ? (
        <>
          <p className={styles.title} data-testid="mobile-top-bar-title">
            <Suspense fallback={null}>
              <MobileTopBarTitle pathname={pathname} />
            </Suspense>
          </p>
          <PageLink to="/" className={styles.iconButton} aria-label={t`Close`} data-testid="mobile-top-bar-close">
            <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="m6 6 12 12M18 6 6 18" />
            </svg>
          </PageLink>
        </>
      ) : null}
    </div>
  );
}
