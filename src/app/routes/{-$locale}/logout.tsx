/**
 * The logout page, the user menu's sign-out entry (spec 2 "Header", R-HEAD-07): after
 * LOGOUT_DELAY_MS the hub signs out (the server's signout; notification polling stops; every tab
 * drops the user's data), the tab's session store is reset and its profile deleted, and the tab
 * goes to the login page of its language. Failures are only logged (spec 8).
 */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LOGOUT_DELAY_MS } from '../../../shared/constants';
import { getHub } from '../../api/hub';
import { AccountCard } from '../../features/account/AccountCard';
import { signOutAndLeave } from '../../features/account/signOut';
import { localizedPath } from '../../i18n/routeLanguage';
import { useLanguage } from '../../i18n/useLanguage';
import { resetSession, session } from '../../state/session';
import { StatusMessage } from '../../ui/StatusMessage';

export const Route = createFileRoute('/{-$locale}/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const router = useRouter();
  useEffect(() => {
    const timer = setTimeout(() => {
      void signOutAndLeave({
        signOut: () => getHub().signOut(),
        clearSession: () => {
          resetSession();
          session.profile = null;
        },
        goToLogin: () => void router.navigate({ href: localizedPath('/login', language), replace: true }),
        log: (message, error) => console.warn(message, error),
      });
    }, LOGOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [router, language]);
  return (
    <AccountCard title={t`Sign out`}>
      <StatusMessage tone="loading" title={t`Signing out…`} headingLevel={2} testId="logout-status" />
    </AccountCard>
  );
}
