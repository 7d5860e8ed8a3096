/**
 * The floating customer-service button of the main layout (spec 2, R-LAY-01): bottom right,
 * above the bottom navigation on phones. Until the help-desk chat comes, it follows the help-desk
 * rules that apply without it (ServiceWidget.target.ts): login when the help desk needs a
 * signed-in user, else the help link (a new tab when it leaves the app), else the help centre.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { SiteConfig } from '../../shared/api/site';
import { useHubStatus } from '../state/hub';
import { PageLink } from '../ui/PageLink';
import styles from './ServiceWidget.module.css';
import { serviceWidgetTarget } from './ServiceWidget.target';

export function ServiceWidget({ config }: { config: SiteConfig }) {
  const { t } = useLingui();
  const location = useLocation();
  const session = useHubStatus()?.session;
  const signedIn = session?.status === 'signedIn';
  const target = serviceWidgetTarget(config.helpDesk, { signedIn, helpDeskLink: signedIn ? session.profile.helpDeskLink : undefined });
  const label = t`Customer service`;
  if (target.kind === 'external') {
    return (
      <a className={styles.widget} href={target.href} target="_blank" rel="noopener noreferrer" aria-label={label} title={label} data-testid="service-widget" data-target="external">
        <HeadsetIcon />
      </a>
    );
  }
  // Login brings the user back to the page they were on (from), as a 401 does (spec 4).
  const to = target.kind === 'login' ? `/login?from=${encodeURIComponent(location.href)}` : target.path;
  return (
    <PageLink to={to} className={styles.widget} aria-label={label} title={label} data-testid="service-widget" data-target={target.kind}>
      <HeadsetIcon />
    </PageLink>
  );
}

function HeadsetIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4.5 13.5V12a7.5 7.5 0 0 1 15 0v1.5" />
      <rect x="3.5" y="13" width="4" height="6" rx="1.6" />
      <rect x="16.5" y="13" width="4" height="6" rx="1.6" />
      <path d="M18.5 19c0 1.4-1.6 2-4 2h-1.5" />
    </svg>
  );
}
