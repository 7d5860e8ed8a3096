/**
 * The top of the personal settings page: the signed-in user's card (name or contact, VIP level
 * with the super-VIP badge above level 10, identity status), or for a visitor the way in (login
 * and register).
 */
import { useLingui } from '@lingui/react/macro';
import type { Profile } from '../../../../../shared/api/account';
import { isSuperVip, type IdentityText } from '../../../../../shared/layout';
import { useIdentityText } from '../../../../state/identity';
import { Badge } from '../../../../ui/Badge';
import { ButtonLink } from '../../../../ui/Button';
import { Panel } from '../../../../ui/Panel';
import styles from '../../home/-components/MobileMenu.module.css';
import { contactOf, displayNameOf } from '../../../../../shared/profile';


export function UserCard({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const identity = useIdentityText(profile);
  const contact = contactOf(profile);
  const name = displayNameOf(profile);
  const identityText: Record<IdentityText, string> = {
    underReview: t`Verification under review`,
    verified: t`Verified`,
    incomplete: t`Not verified`,
  };
  const vipLevel = profile.vipLevel;
  return (
    <Panel className={styles.wide} data-testid="user-card">
      <div className={styles.card}>
        <span className={styles.avatar} aria-hidden="true">
          {profile.avatarUrl ? <img src={profile.avatarUrl} alt="" /> : (name.charAt(0) || '?').toUpperCase()}
        </span>
        <div className={styles.identity}>
          <p className={styles.name} data-testid="user-name">
            {name}
          </p>
          {name !== contact ? <p className={styles.contact}>{contact}</p> : null}
          <p className={styles.badges}>
            <Badge tone="brand" data-testid="user-vip">
              {isSuperVip(vipLevel) ? t`Super VIP ${vipLevel}` : t`VIP ${vipLevel}`}
            </Badge>
            <Badge tone={identity === 'verified' ? 'success' : 'neutral'} data-testid="user-identity">
              {identityText[identity]}
            </Badge>
          </p>
        </div>
      </div>
    </Panel>
  );
}

export function VisitorCard() {
  const { t } = useLingui();
  return (
    <Panel className={styles.wide} data-testid="visitor-card">
      <div className={styles.visitor}>
        <p className={styles.visitorTitle}>{t`Welcome`}</p>
        <p className={styles.visitorText}>{t`Log in to trade, manage your assets and see your orders.`}</p>
        <div className={styles.buttons}>
          <ButtonLink to="/login" block data-testid="visitor-login">
            {t`Log in`}
          </ButtonLink>
          <ButtonLink to="/register" variant="secondary" block data-testid="visitor-register">
            {t`Sign up`}
          </ButtonLink>
        </div>
      </div>
    </Panel>
  );
}
