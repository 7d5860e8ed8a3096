/** /operator/coins: the operator console's coins and networks (issue 21), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { CoinsSection } from '../../../features/operator/CoinsSection';

export const Route = createFileRoute('/{-$locale}/operator/coins')({
  component: OperatorCoinsPage,
});

function OperatorCoinsPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="coins" title={t`Coins`}>
      <CoinsSection />
    </OperatorConsole>
  );
}
