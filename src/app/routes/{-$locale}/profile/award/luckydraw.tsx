/**
 * /Profile/Award/Luckydraw (spec 2, a profile page and also the Profile section's component page
 * {Section}/{Group}/{Page} of the same path, so the registry holds it once): the signed-in user's
 * lucky draw in the page frame; hidden when the site config switches the draw off.
 */
import { createFileRoute } from '@tanstack/react-router';
import { LuckyDrawScreen } from '../../../../features/rewards/RewardsScreens';
import { useLanguage } from '../../../../i18n/useLanguage';
import { RegisteredPage } from '../../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/profile/award/luckydraw')({
  component: LuckyDrawPage,
});

function LuckyDrawPage() {
  const language = useLanguage();
  return (
    <RegisteredPage>
      <LuckyDrawScreen language={language} />
    </RegisteredPage>
  );
}
