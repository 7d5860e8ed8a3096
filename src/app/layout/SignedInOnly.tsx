/**
 * A screen of the signed-in user's own (a profile page): a visitor is asked to log in (and comes
 * back here after), and while the hub has not said who is signed in the screen says it is loading.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Profile } from '../../shared/api/account';
import { useHubSession } from '../state/hub';
import { ButtonLink } from '../ui/Button';
import { loginPath } from '../ui/paths';
import { StatusMessage } from '../ui/StatusMessage';

export function SignedInOnly({ prompt, children }: { prompt: string; children: (profile: Profile) => ReactNode }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const session = useHubSession();
  if (session.status === 'unknown') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="profile-loading" />;
  if (session.status === 'signedOut') {
    return (
      <StatusMessage tone="neutral" title={prompt} headingLevel={2} testId="profile-signin">
        <ButtonLink to={loginPath(pathname)} data-testid="profile-signin-link">
          {t`Log in`}
        </ButtonLink>
      </StatusMessage>
    );
  }
  return <>{children(session.profile)}</>;
}
