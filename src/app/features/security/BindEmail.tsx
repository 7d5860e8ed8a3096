/**
 * /Profile/BindEmail (issue 15): link an e-mail address to the account, or change the one it has,
 * then back to the security settings. The phone's form is the same one, in a dialog there.
 */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useLocalize } from '../../i18n/useLanguage';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { ContactForm } from './ContactForm';
import { useSecurityStatus } from './securityCalls';
import type { Profile } from '../../../shared/api/account';
import styles from './security.module.css';

export function BindEmailScreen() {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to link an e-mail address.`}>{(profile) => <BindEmail profile={profile} />}</SignedInOnly>;
}

function BindEmail({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const { status, reload } = useSecurityStatus();
  if (status === undefined) return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="bind-email-loading" />;
  if (status === null) return <StatusMessage tone="error" title={t`The security settings could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: reload }} testId="bind-email-failed" />;
  return (
    <Panel title={profile.email ? t`Change the e-mail address` : t`Link an e-mail address`} className={styles.narrow} data-testid="bind-email">
      <ContactForm kind="email" profile={profile} gaBound={status.gaBound} onDone={() => void router.navigate({ href: localize('/Profile/SecuritySettings') })} />
    </Panel>
  );
}
