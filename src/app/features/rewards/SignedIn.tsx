/**
 * Check-in and the lucky draw are a signed-in user's: a visitor is asked to log in (the link
 * brings them back, spec 4 `from`), and nothing shows until the hub knows the session.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useHubStatus } from '../../state/hub';
import { ButtonLink } from '../../ui/Button';
import { loginPath } from '../../ui/paths';
import { StatusMessage } from '../../ui/StatusMessage';

export function SignedIn({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const session = useHubStatus()?.session.status ?? 'unknown';
  if (session === 'unknown') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="rewards-loading" />;
  if (session === 'signedOut') {
    return (
      <StatusMessage tone="neutral" title={t`Log in to check in and draw prizes.`} headingLevel={2} testId="rewards-signin">
        <ButtonLink to={loginPath(pathname)} data-testid="rewards-signin-link">
          {t`Log in`}
        </ButtonLink>
      </StatusMessage>
    );
  }
  return children;
}
