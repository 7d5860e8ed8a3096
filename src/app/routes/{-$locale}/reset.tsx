/**
 * The password-reset page (ARCHITECTURE.md: /reset). After the new password is set, every session of
 * the account has ended: the page says so and links to the login page. When the account was the
 * one signed in here, the hub signs out at once, so that no tab waits for a 401 that would send
 * this one away from the message.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { getHub } from '../../api/hub';
import { AccountCard } from '../../features/account/AccountCard';
import styles from '../../features/account/account.module.css';
import { isContactOf, type ContactValue } from '../../features/account/formRules';
import { ResetForm } from '../../features/account/ResetForm';
import { useHubSession } from '../../state/hub';
import { resetSession } from '../../state/session';
import { PageLink } from '../../ui/PageLink';

export const Route = createFileRoute('/{-$locale}/reset')({
  component: ResetPage,
});

function ResetPage() {
  const { t } = useLingui();
  const [done, setDone] = useState(false);
  const session = useHubSession();
  const onReset = (contact: ContactValue) => {
    setDone(true);
    if (session?.status !== 'signedIn' || !isContactOf(session.profile, contact)) return;
    getHub()
      .signOut()
      .catch((error: unknown) => console.warn('Sign-out failed', error))
      .finally(resetSession);
  };
  const footer = (
    <span>
      <Trans>
        Remembered it? <PageLink to="/login">Log in</PageLink>
      </Trans>
    </span>
  );
  return (
    <AccountCard
      title={t`Reset password`}
      lead={done ? undefined : t`We send a verification code to the e-mail address or phone number of your account.`}
      footer={done ? undefined : footer}
    >
      {done ? (
        <div className={styles.success} role="status" data-testid="reset-done">
          <p>
            <Trans>Your password has been changed. Every device that was logged in to your account has been logged out.</Trans>
          </p>
          <p className={styles.links}>
            <PageLink to="/login" data-testid="login-link">
              <Trans>Log in with your new password</Trans>
            </PageLink>
          </p>
        </div>
      ) : (
        <ResetForm onReset={onReset} />
      )}
    </AccountCard>
  );
}
