/**
 * The withdrawal history (spec 2 /Assets/WithdrawHistory): every withdrawal of the signed-in user,
 * newest first, a page at a time, with its status as it moves, and Cancel while it is under review.
 */
import { useLingui } from '@lingui/react/macro';
import { ButtonLink } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { WithdrawalsTable } from './WithdrawalsTable';

/** Withdrawals per page of the history. */
const HISTORY_PAGE_SIZE = 20;

export function WithdrawHistoryScreen() {
  const { t } = useLingui();
  return (
    <Panel
      flush
      title={t`Withdrawals`}
      actions={
        <ButtonLink to="/assets/assetwithdraw" variant="ghost" size="small">
          {t`Withdraw`}
        </ButtonLink>
      }
      data-testid="withdraw-history"
    >
      <WithdrawalsTable pageSize={HISTORY_PAGE_SIZE} paged testId="withdraw-history-table" />
    </Panel>
  );
}
