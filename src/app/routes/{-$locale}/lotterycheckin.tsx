/**
 * /LotteryCheckIn (spec 2, the "more" menu's lottery check-in): the daily check-in and the lucky
 * draw of the signed-in user, in the page frame; hidden when the site config switches both off
 * (R-LAY-10). The screens live in features/rewards.
 */
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { LotteryCheckInScreen } from '../../features/rewards/RewardsScreens';
import { useLanguage } from '../../i18n/useLanguage';
import { RegisteredPage } from '../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/lotterycheckin')({
  component: LotteryCheckInPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function LotteryCheckInPage() {
  const config = localeRoute.useLoaderData();
  const language = useLanguage();
  return (
    <RegisteredPage wide>
      <LotteryCheckInScreen language={language} config={config} />
    </RegisteredPage>
  );
}
