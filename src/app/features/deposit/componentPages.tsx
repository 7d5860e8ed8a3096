/**
 * The deposit area's component page (spec 2: /Assets/Components/AssetDeposit): the deposit form on
 * its own. The catch-all route loads this file only when it opens; a visitor is asked to log in.
 * DWRecords, deposits beside withdrawals, is composed where both areas meet
 * (routes/{-$locale}/-components/DWRecords.tsx).
 */
import { useLingui } from '@lingui/react/macro';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { DepositScreen } from './DepositScreen';

export function AssetDepositPage() {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to see your assets.`}>{() => <DepositScreen />}</SignedInOnly>;
}
