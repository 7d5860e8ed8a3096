/** /operator/withdrawals: the operator console's withdrawal reviews (issue 16), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { WithdrawSection } from '../../../features/operator/WithdrawSection';

export const Route = createFileRoute('/{-$locale}/operator/withdrawals')({
  component: OperatorWithdrawalsPage,
});

function OperatorWithdrawalsPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="withdrawals" title={t`Withdrawals`}>
      <WithdrawSection />
    </OperatorConsole>
  );
}
