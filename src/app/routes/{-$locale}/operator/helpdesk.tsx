/**
 * /operator/helpdesk (issue 6): where operators answer the help-desk chats, in the page frame.
 * The page is not in spec 2's list; the server lets only operators use it (OperatorDesk).
 */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { OperatorDesk } from '../../../features/helpdesk/OperatorDesk';
import { useLanguage } from '../../../i18n/useLanguage';
import { PageFrame } from '../../../layout/PageFrame';

export const Route = createFileRoute('/{-$locale}/operator/helpdesk')({
  component: OperatorHelpdeskPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function OperatorHelpdeskPage() {
  const { t } = useLingui();
  const config = localeRoute.useLoaderData();
  const language = useLanguage();
  return (
    <PageFrame title={t`Help desk`} siteName={config.name} wide>
      <OperatorDesk language={language} />
    </PageFrame>
  );
}
