/**
 * /Profile/DashBoard (spec 2, the user menu's profile overview; /user shows it too): the user's
 * picture with its change, name and contact, the VIP level with the super-VIP badge above level 10
 * (spec 6), the identity state with what to do about it (spec 4's text), how many security
 * factors are set with the way to the security settings, the latest sign-ins the server recorded,
 * shortcuts to the pages a user goes to most, and the bank accounts.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useEffect, useState } from 'react';
import type { Profile } from '../../../shared/api/account';
import { IDENTITY_STATUS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { isSuperVip, type IdentityText } from '../../../shared/layout';
import { contactOf, displayNameOf } from '../../../shared/profile';
import { useLanguage } from '../../i18n/useLanguage';
import { PageFrame } from '../../layout/PageFrame';
import { findPage } from '../../pages/registry';
import { useIdentityText } from '../../state/identity';
import { session } from '../../state/session';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { AvatarChanger } from './AvatarChanger';
import { BankAccounts } from './BankAccounts';
import { readRecentSignIns } from './identityCalls';
import { useSecurityFactors } from './securityFactors';
import { SignedInOnly } from '../../layout/SignedInOnly';
import styles from './identity.module.css';

const localeRoute = getRouteApi('/{-$locale}');

/** The dashboard in its page frame, titled as the registry names the path it is opened under. */
export function ProfileDashboardPage({ path }: { path: '/Profile/DashBoard' | '/Profile' | '/user' }) {
  const config = localeRoute.useLoaderData();
  const { _ } = useLinguiRuntime();
  const page = findPage(path);
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name}>
      <ProfileDashboard />
    </PageFrame>
  );
}

function ProfileDashboard() {
  const { t } = useLingui();
  return (
    <SignedInOnly prompt={t`Log in to see your profile.`}>
      {(profile) => (
        <div className={styles.stack} data-testid="profile-dashboard">
          <ProfileCard profile={profile} />
          <div className={styles.columns}>
            <SecuritySummary profile={profile} />
            <RecentSignIns />
            <Shortcuts />
          </div>
          <BankAccounts profile={profile} />
        </div>
      )}
    </SignedInOnly>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const identity = useIdentityText(profile);
  // Incomplete after a rejection: the dashboard says so, and leads to the reason and a new try.
  const { identityStatus } = useSnapshot(session);
  const rejected = identity === 'incomplete' && identityStatus === IDENTITY_STATUS.rejected;
  const name = displayNameOf(profile);
  const contact = contactOf(profile);
  const level = profile.vipLevel;
  const identityLabel: Record<IdentityText, string> = { underReview: t`Under review`, verified: t`Verified`, incomplete: t`Not verified` };
  const identityAction: Record<IdentityText, string> = { underReview: t`See the submission`, verified: t`See the details`, incomplete: t`Verify now` };
  return (
    <Panel data-testid="profile-card">
      <div className={styles.card}>
        <AvatarChanger profile={profile} />
        <div className={styles.who}>
          <p className={styles.name} data-testid="dashboard-name">
            {name}
          </p>
          {name !== contact ? <p className={styles.muted}>{contact}</p> : null}
          <p className={styles.badges}>
            <Badge tone="brand" data-testid="dashboard-vip">
              {t`VIP ${level}`}
            </Badge>
            {isSuperVip(level) ? (
              <Badge tone="warning" data-testid="dashboard-super-vip">
                {t`Super VIP`}
              </Badge>
            ) : null}
          </p>
        </div>
        <div className={styles.identityBox} data-testid="dashboard-identity" data-state={identity}>
          <p className={styles.muted}>{t`Identity verification`}</p>
          <Badge tone={identity === 'verified' ? 'success' : identity === 'underReview' ? 'info' : 'warning'}>{rejected ? t`Not approved` : identityLabel[identity]}</Badge>
          <ButtonLink to="/profile/individual/upload" size="small" variant={identity === 'incomplete' ? 'primary' : 'secondary'} data-testid="dashboard-identity-action">
            {rejected ? t`Send documents again` : identityAction[identity]}
          </ButtonLink>
        </div>
      </div>
    </Panel>
  );
}

function SecuritySummary({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const { factors, set, total } = useSecurityFactors(profile);
  return (
    <Panel title={t`Security`} data-testid="dashboard-security">
      <p className={styles.level} data-testid="security-level" data-set={set} data-total={total}>
        {t`${set} of ${total} protections set`}
      </p>
      <meter className={styles.meter} min={0} max={total} value={set} low={3} high={4} optimum={total} aria-label={t`Security level`} />
      <ul className={styles.factors}>
        {factors.map((factor) => (
          <li key={factor.key} data-set={factor.set ? 'true' : 'false'}>
            {factor.set ? <CheckIcon size={16} aria-hidden="true" /> : <span className={styles.unset} aria-hidden="true" />}
            <span>{factor.label}</span>
            <VisuallyHidden>{factor.set ? t`set` : t`not set`}</VisuallyHidden>
          </li>
        ))}
      </ul>
      <ButtonLink to="/profile/securitysettings" size="small" variant="secondary" data-testid="dashboard-security-link">
        {t`Security settings`}
      </ButtonLink>
    </Panel>
  );
}

function RecentSignIns() {
  const { t } = useLingui();
  const language = useLanguage();
  const [signIns, setSignIns] = useState<{ time: number; ip: string }[] | null | 'loading'>('loading');
  useEffect(() => {
    let current = true;
    void readRecentSignIns().then((list) => {
      if (current) setSignIns(list);
    });
    return () => {
      current = false;
    };
  }, []);
  return (
    <Panel title={t`Recent sign-ins`} data-testid="dashboard-signins">
      {signIns === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} /> : null}
      {signIns === null ? <StatusMessage tone="error" title={t`Your sign-ins could not be loaded.`} headingLevel={3} /> : null}
      {Array.isArray(signIns) && signIns.length === 0 ? <p className={styles.muted}>{t`No sign-in recorded yet.`}</p> : null}
      {Array.isArray(signIns) && signIns.length > 0 ? (
        <ul className={styles.signins}>
          {signIns.map((signIn) => (
            <li key={`${signIn.time}-${signIn.ip}`} data-testid="signin-row">
              <time dateTime={new Date(signIn.time).toISOString()}>{formatDate(signIn.time, language, { withTime: true })}</time>
              <span className={styles.number}>{signIn.ip || '—'}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

function Shortcuts() {
  const { t } = useLingui();
  const links = [
    { key: 'assets', to: '/assets', label: t`Assets` },
    { key: 'orders', to: '/exchange/exchangecoinorder', label: t`Orders` },
    { key: 'security', to: '/profile/securitysettings', label: t`Security settings` },
    { key: 'identity', to: '/profile/individual/upload', label: t`ID verification` },
    { key: 'notifications', to: '/profile/notification', label: t`Notification centre` },
  ];
  return (
    <Panel title={t`Shortcuts`} data-testid="dashboard-shortcuts">
      <ul className={styles.shortcuts}>
        {links.map((link) => (
          <li key={link.key}>
            <PageLink to={link.to} data-testid={`shortcut-${link.key}`}>
              {link.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
