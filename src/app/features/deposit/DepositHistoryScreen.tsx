/**
 * The deposit history (spec 2 /Assets/DepositHistory): every deposit of the signed-in user, newest
 * first, a page at a time, with its status as it confirms.
 */
import { useLingui } from '@lingui/react/macro';
import { Panel } from '../../ui/Panel';
import { DepositsTable } from './DepositsTable';

/** Deposits per page of the history. */
const HISTORY_PAGE_SIZE = 20;

export function DepositHistoryScreen() {
  const { t } = useLingui();
  return (
    <Panel flush title={t`Deposits`} data-testid="deposit-history">
      <DepositsTable pageSize={HISTORY_PAGE_SIZE} paged testId="deposit-history-table" />
    </Panel>
  );
}
