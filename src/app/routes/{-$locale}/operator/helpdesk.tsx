/**
 * /operator/helpdesk (issue 6): where operators answer the help-desk chats, a section of the
 * operator console (issue 13). The page is not in spec 2's list; the server lets only operators
 * use it (OperatorConsole, and OperatorDesk's own refusal).
 */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorDesk } from '../../../features/helpdesk/OperatorDesk';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { useLanguage } from '../../../i18n/useLanguage';

export const Route = createFileRoute('/{-$locale}/operator/helpdesk')({
  component: OperatorHelpdeskPage,
});

function OperatorHelpdeskPage() {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <OperatorConsole section="helpdesk" title={t`Help desk`}>
      <OperatorDesk language={language} />
    </OperatorConsole>
  );
}
