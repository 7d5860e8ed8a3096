/**
 * The signed-in user's menu (R-HEAD-06, R-MENU-03): the real name (else the e-mail address or
 * phone), the VIP level with the super-VIP badge above level 10, the identity status line, the
 * profile pages and sign out. Opening it reads the identity status while the user is not
 * verified, and the whole profile once that status says approved (R-STATE-08).
 */
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { Profile } from '../../../shared/api/account';
import { IDENTITY_STATUS } from '../../../shared/constants';
import { identityTextOf, isSuperVip, isVerified, type IdentityText } from '../../../shared/layout';
import { loadIdentityStatus, loadProfile, session } from '../../state/session';
import { PageLink } from '../../ui/PageLink';
import { LOGOUT_PATH, type NavItem } from '../navigation';
import { Dropdown } from '../../ui/Dropdown';
import { displayNameOf } from './headerLogic';
import { SignOutIcon, UserIcon } from '../../ui/icons';
import { NavItemList } from './NavMenu';
import styles from './Header.module.css';

/** R-STATE-08: the status while not verified; the full profile when the status is approved. */
export function refreshIdentity(profile: Profile): void {
  if (isVerified(profile)) return;
  void loadIdentityStatus(true).then((status) => {
    if (status === IDENTITY_STATUS.approved) void loadProfile(true);
  });
}

export function Avatar({ profile }: { profile: Profile | null }) {
  return profile?.avatarUrl ? <img className={styles.avatarImage} src={profile.avatarUrl} alt="" width={28} height={28} /> : <UserIcon />;
}

function IdentityLine({ text }: { text: IdentityText }) {
  const { t } = useLingui();
  const label = { underReview: t`Under review`, verified: t`Verified`, incomplete: t`Incomplete` }[text];
  return (
    <p className={styles.identity} data-testid="identity-status" data-state={text}>
      <span className={styles.muted}>{t`Identity verification`}</span>
      <span className={styles.identityState}>{label}</span>
    </p>
  );
}

/** Name, VIP level and identity line: the menu's head and the user drawer's. */
export function UserSummary({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const { identityStatus } = useSnapshot(session);
  const level = profile.vipLevel;
  return (
    <div className={styles.userSummary}>
      <p className={styles.userName} data-testid="user-name">
        {displayNameOf(profile)}
      </p>
      <p className={styles.badges}>
        <span className={styles.vipBadge} data-testid="vip-badge">
          {t`VIP ${level}`}
        </span>
        {isSuperVip(level) ? (
          <span className={styles.superVipBadge} data-testid="super-vip">
            {t`Super VIP`}
          </span>
        ) : null}
      </p>
      <IdentityLine text={identityTextOf(identityStatus, profile.verifiedLevel, profile.requiredIDLevel)} />
    </div>
  );
}

export function SignOutLink({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <PageLink to={LOGOUT_PATH} className={className ?? styles.signOut} data-testid="sign-out">
      <SignOutIcon />
      <span>{t`Sign out`}</span>
    </PageLink>
  );
}

export function UserMenu({ profile, items }: { profile: Profile; items: readonly NavItem[] }) {
  const { t } = useLingui();
  return (
    <Dropdown
      testId="user-menu"
      trigger={<Avatar profile={profile} />}
      triggerLabel={t`Account`}
      triggerTestId="avatar"
      triggerClassName={styles.iconButton}
      align="end"
      panelClassName={styles.userPanel}
      onOpen={() => refreshIdentity(profile)}
    >
      <UserSummary profile={profile} />
      <NavItemList items={items} testId="user-item" />
      <div className={styles.panelFooter}>
        <SignOutLink />
      </div>
    </Dropdown>
  );
}
