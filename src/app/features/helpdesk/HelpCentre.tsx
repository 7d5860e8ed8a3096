/**
 * /help, the help centre (DESIGN: "/help the help centre"; the menus' "Service" entries lead here).
 * It reaches customer service by the same rules as the floating button (ServiceWidget.target.ts:
 * login when the help desk needs a signed-in user, the help link when there is one, else the
 * help-desk chat), shows the support e-mail of this host, and points to the guides a trader needs
 * first: the college, the announcements, user protection and the notification centre.
 */
import { useLingui } from '@lingui/react/macro';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden, supportEmail } from '../../../shared/layout';
import { serviceWidgetTarget } from '../../layout/ServiceWidget.target';
import { PageFrame } from '../../layout/PageFrame';
import { useHubSession } from '../../state/hub';
import { Button, ButtonLink, buttonClassName } from '../../ui/Button';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { setHelpdeskOpen } from './session';
import styles from './HelpCentre.module.css';
import { loginPath } from '../../ui/paths';

const localeRoute = getRouteApi('/{-$locale}');

export function HelpCentre() {
  const { t } = useLingui();
  const config = localeRoute.useLoaderData();
  const location = useLocation();
  const session = useHubSession();
  const signedIn = session?.status === 'signedIn';
  const target = serviceWidgetTarget(config.helpDesk, { signedIn, helpDeskLink: signedIn ? session.profile.helpDeskLink : undefined });
  const email = supportEmail(config.name, window.location.hostname);
  const contactLabel = t`Chat with customer service`;

  const guides = [
    { key: 'college', path: '/college', title: t`College`, text: t`Guides to deposits, trading and account security.` },
    { key: 'announcements', path: '/announcements', title: t`Announcements`, text: t`New listings, maintenance and platform news.` },
    { key: 'protection', path: '/about/userprotectmeasures', title: t`User protection`, text: t`How your account and assets are kept safe.` },
    { key: 'notifications', path: '/profile/notification', title: t`Notification centre`, text: t`Messages about your account, orders and transfers.` },
  ].filter((guide) => !isPathHidden(guide.path, config, featureSetOf(config)));

  return (
    <PageFrame title={t`Help centre`} siteName={config.name}>
      <div className={styles.page} data-testid="help-centre">
        <Panel aria-labelledby="help-contact-title">
          <h2 id="help-contact-title" className={styles.heading}>
            {t`Customer service`}
          </h2>
          <p className={styles.text}>{t`Ask customer service in the chat and keep your order or transfer ID at hand.`}</p>
          <div className={styles.actions}>
            {target.kind === 'chat' ? (
              <Button onClick={() => setHelpdeskOpen(true)} data-testid="help-contact">
                {contactLabel}
              </Button>
            ) : target.kind === 'external' ? (
              <a className={buttonClassName({})} href={target.href} target="_blank" rel="noopener noreferrer" data-testid="help-contact">
                {contactLabel}
              </a>
            ) : (
              <ButtonLink to={target.kind === 'login' ? loginPath(location.href) : target.path} data-testid="help-contact">
                {target.kind === 'login' ? t`Log in to chat with customer service` : contactLabel}
              </ButtonLink>
            )}
            <a className={styles.email} href={`mailto:${email}`} data-testid="help-email">
              {email}
            </a>
          </div>
        </Panel>
        <ul className={styles.guides}>
          {guides.map((guide) => (
            <li key={guide.key}>
              <PageLink to={guide.path} className={styles.guide} data-testid={`help-guide-${guide.key}`}>
                <span className={styles.guideTitle}>{guide.title}</span>
                <span className={styles.text}>{guide.text}</span>
              </PageLink>
            </li>
          ))}
        </ul>
      </div>
    </PageFrame>
  );
}
