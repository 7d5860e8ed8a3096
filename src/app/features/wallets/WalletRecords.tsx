/**
 * The finance account's records and the loan account's borrow records. No savings, staking or
 * loan products exist yet, so each shows the movements of its wallet (transfers in and out), and
 * an empty list says what will appear there once the products come.
 */
import { useLingui } from '@lingui/react/macro';
import { FundDetails } from './FundDetails';

export function FinanceRecords() {
  const { t } = useLingui();
  return <FundDetails wallet="finance" empty={t`No finance records yet. Transfers to and from the finance account appear here, and savings and staking orders will once they are offered.`} />;
}

export function LoanRecords() {
  const { t } = useLingui();
  return <FundDetails wallet="loan" empty={t`No borrow records yet. Loans, their repayments and pledges will appear here once loans are offered.`} />;
}
