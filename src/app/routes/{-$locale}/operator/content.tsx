/** /operator/content: the operator console's publishing (issue 13), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { PublishingSection } from '../../../features/operator/PublishingSection';

export const Route = createFileRoute('/{-$locale}/operator/content')({
  component: OperatorContentPage,
});

function OperatorContentPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="content" title={t`Publishing`}>
      <PublishingSection />
    </OperatorConsole>
  );
}
