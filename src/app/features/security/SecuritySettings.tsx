/**
 * /Profile/SecuritySettings (issue 15): each protection of the account with its state and its
 * action (the login password, the withdrawal password, Google Authenticator, the phone, the
 * e-mail), the security level they make, and the end of the withdrawal cool-off while one runs.
 * The withdrawal password's forms and the phone's open as dialogs here; GA and the e-mail have
 * their own pages.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { Profile } from '../../../shared/api/account';
import type { WithdrawPasswordMode } from '../../../shared/api/security';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { countSecurityFactors, SECURITY_FACTORS_TOTAL, securityLevelOf, type SecurityLevel } from '../../../shared/security';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { ContactForm } from './ContactForm';
import { useSecurityStatus, type SecurityStatus } from './securityCalls';
import styles from './security.module.css';
import { WithdrawPasswordDialog } from './WithdrawPasswordDialog';

const LEVEL_TONE: Record<SecurityLevel, BadgeTone> = { low: 'danger', medium: 'warning', high: 'success' };

export function SecuritySettingsScreen({ language }: { language: Language }) {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to see your security settings.`}>{(profile) => <SecuritySettings profile={profile} language={language} />}</SignedInOnly>;
}

function SecuritySettings({ profile, language }: { profile: Profile; language: Language }) {
  const { t } = useLingui();
  const { status, reload } = useSecurityStatus();
  if (status === undefined) return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="security-loading" />;
  if (status === null) return <StatusMessage tone="error" title={t`The security settings could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: reload }} testId="security-failed" />;
  return (
    <div className={styles.screen} data-testid="security-settings">
      <SecurityLevelPanel profile={profile} status={status} language={language} />
      <FactorList profile={profile} status={status} onChanged={reload} />
    </div>
  );
}

function SecurityLevelPanel({ profile, status, language }: { profile: Profile; status: SecurityStatus; language: Language }) {
  const { t } = useLingui();
  const count = countSecurityFactors({ ...status, ...profile });
  const total = SECURITY_FACTORS_TOTAL;
  const level = securityLevelOf(count);
  const words: Record<SecurityLevel, string> = { low: t`Low`, medium: t`Medium`, high: t`High` };
  const until = formatDate(status.coolOffUntil, language, { withTime: true });
  return (
    <Panel title={t`Security level`}>
      <p className={styles.level} data-testid="security-level" data-count={count}>
        <Badge tone={LEVEL_TONE[level]}>{words[level]}</Badge>
        <span>{t`${count} of ${total} protections on`}</span>
      </p>
      {status.coolOffUntil > 0 ? (
        <p className={styles.notice} role="status" data-testid="security-cool-off">
          {t`After a security change, withdrawals are paused until ${until}.`}
        </p>
      ) : null}
    </Panel>
  );
}

function FactorList({ profile, status, onChanged }: { profile: Profile; status: SecurityStatus; onChanged: () => void }) {
  const { t } = useLingui();
  const [withdrawMode, setWithdrawMode] = useState<WithdrawPasswordMode | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const phone = profile.phone ? `${profile.countryCode ?? ''} ${profile.phone}` : null;
  const changed = () => {
    setWithdrawMode(null);
    setPhoneOpen(false);
    onChanged();
  };
  return (
    <Panel title={t`Protections`}>
      <ul className={styles.factors}>
        <Factor name={t`Login password`} state={t`Set`} testId="factor-login">
          <ButtonLink variant="secondary" size="small" to="/reset">
            {t`Change`}
          </ButtonLink>
        </Factor>
        <Factor name={t`Withdrawal password`} state={status.withdrawPasswordSet ? t`Set` : t`Not set`} testId="factor-withdraw">
          {status.withdrawPasswordSet ? (
            <>
              <Button variant="secondary" size="small" onClick={() => setWithdrawMode('change')} data-testid="withdraw-change">
                {t`Change`}
              </Button>
              <Button variant="ghost" size="small" onClick={() => setWithdrawMode('reset')} data-testid="withdraw-reset">
                {t`Reset`}
              </Button>
            </>
          ) : (
            <Button size="small" onClick={() => setWithdrawMode('set')} data-testid="withdraw-set">
              {t`Set`}
            </Button>
          )}
        </Factor>
        <Factor name="Google Authenticator" state={status.gaBound ? t`Bound` : t`Not bound`} testId="factor-ga">
          <ButtonLink variant={status.gaBound ? 'secondary' : 'primary'} size="small" to="/Profile/Authentication" data-testid="ga-link">
            {status.gaBound ? t`Unbind` : t`Bind`}
          </ButtonLink>
        </Factor>
        <Factor name={t`Phone`} state={phone ?? t`Not bound`} testId="factor-phone">
          <Button variant={phone ? 'secondary' : 'primary'} size="small" onClick={() => setPhoneOpen(true)} data-testid="phone-open">
            {phone ? t`Change` : t`Bind`}
          </Button>
        </Factor>
        <Factor name={t`E-mail`} state={profile.email ?? t`Not bound`} testId="factor-email">
          <ButtonLink variant={profile.email ? 'secondary' : 'primary'} size="small" to="/Profile/BindEmail" data-testid="email-link">
            {profile.email ? t`Change` : t`Bind`}
          </ButtonLink>
        </Factor>
      </ul>
      <WithdrawPasswordDialog mode={withdrawMode} onClose={() => setWithdrawMode(null)} onDone={changed} profile={profile} gaBound={status.gaBound} />
      <Dialog open={phoneOpen} onOpenChange={setPhoneOpen} title={phone ? t`Change the phone number` : t`Link a phone number`} testId="phone-dialog">
        <ContactForm kind="phone" profile={profile} gaBound={status.gaBound} onDone={changed} />
      </Dialog>
    </Panel>
  );
}

function Factor({ name, state, testId, children }: { name: string; state: string; testId: string; children: ReactNode }) {
  return (
    <li className={styles.factor} data-testid={testId}>
      <span className={styles.factorText}>
        <span className={styles.factorName}>{name}</span>
        <span className={styles.factorState}>{state}</span>
      </span>
      <span className={styles.actions}>{children}</span>
    </li>
  );
}
