/**
 * The sign-up page (spec 2 /Register, /register). A referral link prefills the referral code
 * (?ref= or ?referralCode=). Once the account exists the user is signed in and goes home.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AccountCard } from '../../features/account/AccountCard';
import { queryParameter } from '../../features/account/paths';
import { useRawSearch } from '../../features/account/rawSearch';
import { RegisterForm } from '../../features/account/RegisterForm';
import { localizedPath } from '../../i18n/routeLanguage';
import { useLanguage } from '../../i18n/useLanguage';
import { PageLink } from '../../ui/PageLink';

export const Route = createFileRoute('/{-$locale}/register')({
  component: RegisterPage,
});

const REFERRAL_PARAMETERS = ['ref', 'referralCode'] as const;

function RegisterPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const router = useRouter();
  const search = useRawSearch();
  const referralCode = queryParameter(search, REFERRAL_PARAMETERS) ?? '';
  const footer = (
    <span>
      <Trans>
        Already have an account? <PageLink to="/login">Log in</PageLink>
      </Trans>
    </span>
  );
  return (
    <AccountCard title={t`Sign up`} lead={t`Create your account with an e-mail address or a phone number.`} footer={footer}>
      <RegisterForm
        key={referralCode}
        referralCode={referralCode}
        onRegistered={() => void router.navigate({ href: localizedPath('/', language), replace: true })}
      />
    </AccountCard>
  );
}
