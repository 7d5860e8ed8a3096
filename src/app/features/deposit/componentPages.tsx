/**
 * The deposit area's component pages (spec 2: /Assets/Components/{Page}): the deposit form on its
 * own, and the deposit records (DWRecords: deposits for now; the withdrawal round adds its own).
 * The catch-all route loads this file only when one opens; a visitor is asked to log in.
 */
import { useLingui } from '@lingui/react/macro';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { DepositHistoryScreen } from './DepositHistoryScreen';
import { DepositScreen } from './DepositScreen';

export function AssetDepositPage() {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to see your assets.`}>{() => <DepositScreen />}</SignedInOnly>;
}

export function DWRecordsPage() {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to see your assets.`}>{() => <DepositHistoryScreen />}</SignedInOnly>;
}
