/**
 * What stands between the user and a withdrawal, said above the form's button with the way out:
 * no withdrawal password yet (set it on the security page), Google Authenticator not bound (not
 * required, recommended: bind it on its page), the 24 h cool-off after a security change (when it
 * ends, and why it exists) or the lock after too many wrong passwords or codes (when it ends).
 */
import { useLingui } from '@lingui/react/macro';
import type { WithdrawQuota } from '../../../shared/api/withdraw';
import { formatDate } from '../../../shared/format';
import type { Loaded } from '../../api/reads';
import { useLanguage } from '../../i18n/useLanguage';
import { ButtonLink } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import type { SecurityStatus } from './withdrawData';
import styles from './withdraw.module.css';

/** Until when withdrawals are refused (the cool-off or the lock), or 0: the server answers 0 for what is not running when it is read. */
export function blockedUntil(security: SecurityStatus | null, quota: Loaded<WithdrawQuota>): number {
  return Math.max(security?.coolOffUntil ?? 0, quota.phase === 'ready' ? quota.data.blockedUntil : 0);
}

/** Whether the form may open the confirmation: the password is set and nothing blocks. */
export function mayWithdraw(security: SecurityStatus | null, until: number): boolean {
  return security !== null && security.withdrawPasswordSet && until === 0;
}

export function WithdrawGate({ security, until }: { security: SecurityStatus | null; until: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  if (security === null) return null;
  const when = formatDate(until, language, { withTime: true });
  return (
    <div className={styles.gate}>
      {!security.withdrawPasswordSet ? (
        <Notice
          tone="warning"
          testId="withdraw-need-password"
          action={
            <ButtonLink to="/Profile/SecuritySettings" size="small" data-testid="withdraw-set-password">
              {t`Set the withdrawal password`}
            </ButtonLink>
          }
        >
          {t`Set a withdrawal password first: every withdrawal asks for it.`}
        </Notice>
      ) : null}
      {!security.gaBound ? (
        <Notice
          testId="withdraw-need-ga"
          action={
            <ButtonLink to="/Profile/Authentication" size="small" variant="secondary" data-testid="withdraw-bind-ga">
              {t`Bind Google Authenticator`}
            </ButtonLink>
          }
        >
          {t`Bind Google Authenticator: withdrawals then need a code from your phone as well.`}
        </Notice>
      ) : null}
      {until > 0 && security.coolOffUntil >= until ? (
        <Notice tone="warning" testId="withdraw-cool-off">
          {t`Withdrawals are paused until ${when}: your security settings changed in the last 24 hours. The pause gives you time to act if it was not you.`}
        </Notice>
      ) : null}
      {until > 0 && security.coolOffUntil < until ? (
        <Notice tone="warning" testId="withdraw-locked">
          {t`Withdrawals are locked until ${when} after too many wrong withdrawal passwords or codes.`}
        </Notice>
      ) : null}
    </div>
  );
}
