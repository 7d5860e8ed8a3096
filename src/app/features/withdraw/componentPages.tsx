/**
 * The withdrawal area's component pages (spec 2: /Assets/Components/{Page}): the whole withdrawal
 * (AssetWithdraw), the blockchain form alone (BlockChainWithdrawForm), the bank form alone
 * (WithdrawForm), each with its confirmation. The catch-all route loads this file only when one
 * opens; a visitor is asked to log in. DWRecords, deposits beside withdrawals, is composed where
 * both areas meet (routes/{-$locale}/-components/DWRecords.tsx).
 */
import { useLingui } from '@lingui/react/macro';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { WithdrawScreen, type WithdrawKind } from './WithdrawScreen';

function Own({ only }: { only?: WithdrawKind }) {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to see your assets.`}>{() => <WithdrawScreen only={only} />}</SignedInOnly>;
}

export function AssetWithdrawPage() {
  return <Own />;
}

export function BlockChainWithdrawFormPage() {
  return <Own only="blockchain" />;
}

export function WithdrawFormPage() {
  return <Own only="fiat" />;
}
