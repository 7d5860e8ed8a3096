/**
 * /Assets/Components/DWRecords (spec 2): the deposit and withdrawal records side by side, each
 * area's own table. Composed here, where pages meet, because a feature never imports another.
 */
import { useLingui } from '@lingui/react/macro';
import { DepositHistoryScreen } from '../../../features/deposit/DepositHistoryScreen';
import { WithdrawHistoryScreen } from '../../../features/withdraw/WithdrawHistoryScreen';
import { SignedInOnly } from '../../../layout/SignedInOnly';
import styles from './DWRecords.module.css';

export function DWRecordsPage() {
  const { t } = useLingui();
  return (
    <SignedInOnly prompt={t`Log in to see your assets.`}>
      {() => (
        <div className={styles.records} data-testid="dw-records">
          <DepositHistoryScreen />
          <WithdrawHistoryScreen />
        </div>
      )}
    </SignedInOnly>
  );
}
