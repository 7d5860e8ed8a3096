/**
 * /Profile/Notification (spec 2, the user menu's notification centre, R-MENU-03): the signed-in
 * user's notifications in the page frame; a visitor is asked to sign in. The centre itself lives
 * in features/notification.
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { NotificationCentre } from '../../../features/notification/NotificationCentre';
import { useLanguage } from '../../../i18n/useLanguage';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';

export const Route = createFileRoute('/{-$locale}/profile/notification')({
  component: NotificationPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function NotificationPage() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const language = useLanguage();
  const page = findPage(pathname);
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name}>
      <NotificationCentre language={language} />
    </PageFrame>
  );
}
