/**
 * The login page (spec 2 /Login, /login; R-HEAD-03). A visitor signs in with an e-mail address or
 * a phone number and a password, then goes back to the page that sent them here (`from`, when it
 * is a path on this site) or home. A user who is already signed in gets a note instead of the form.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { Profile } from '../../../shared/api/account';
import { AccountCard } from '../../features/account/AccountCard';
import styles from '../../features/account/account.module.css';
import { LoginForm } from '../../features/account/LoginForm';
import { pathAfterSignIn, queryParameter } from '../../features/account/paths';
import { useRawSearch } from '../../features/account/rawSearch';
import { useLanguage } from '../../i18n/useLanguage';
import { useHubSession } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { contactOf } from '../../../shared/profile';

export const Route = createFileRoute('/{-$locale}/login')({
  component: LoginPage,
});

function LoginPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const router = useRouter();
  const search = useRawSearch();
  const session = useHubSession();
  // Once this form signed in, the page is leaving: the hub's news must not swap in the note.
  const [signedInHere, setSignedInHere] = useState(false);
  const from = queryParameter(search, ['from']);

  const leave = () => {
    setSignedInHere(true);
    void router.navigate({ href: pathAfterSignIn(from, language), replace: true });
  };

  const footer = (
    <>
      <span>
        <Trans>
          New here? <PageLink to="/register">Sign up</PageLink>
        </Trans>
      </span>
      <PageLink to="/reset" data-testid="forgot-password">
        {t`Forgot password?`}
      </PageLink>
    </>
  );

  return (
    <AccountCard title={t`Log in`} lead={t`Welcome back. Log in with your e-mail address or phone number.`} footer={footer}>
      {session?.status === 'signedIn' && !signedInHere ? <SignedInNote profile={session.profile} /> : <LoginForm onSignedIn={leave} />}
    </AccountCard>
  );
}

function SignedInNote({ profile }: { profile: Profile }) {
  const identity = contactOf(profile);
  return (
    <div className={styles.success} role="status" data-testid="signed-in-note">
      <p>
        <Trans>
          You are logged in as <strong>{identity}</strong>.
        </Trans>
      </p>
      <p className={styles.links}>
        <PageLink to="/" data-testid="home-link">
          <Trans>Go to the home page</Trans>
        </PageLink>
        <PageLink to="/logout">
          <Trans>Sign out</Trans>
        </PageLink>
      </p>
    </div>
  );
}
