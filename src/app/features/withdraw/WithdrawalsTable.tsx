/**
 * The user's withdrawals as a table (the withdrawal page's recent ones, the withdrawal history,
 * the DWRecords component page): when, the coin and network (or the bank), what arrives and the
 * fee, the status (submitted, approved, on the chain with its confirmations, completed, cancelled,
 * rejected with the operator's reason), the address and the transaction id, and Cancel while no
 * operator has approved it (POST /finance/withdraw_cancel). The kit draws the table, its pages,
 * its empty and failed states.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Withdrawal } from '../../../shared/api/withdraw';
import { trimZeros } from '../../../shared/decimal';
import { formatDate } from '../../../shared/format';
import { useLanguage } from '../../i18n/useLanguage';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { Txid } from '../../ui/Txid';
import { cancelWithdrawal, useWithdrawals } from './withdrawData';
import styles from './withdraw.module.css';

const STATUS_TONES: Record<Withdrawal['status'], BadgeTone> = {
  submitted: 'info',
  approved: 'info',
  broadcast: 'warning',
  completed: 'success',
  cancelled: 'neutral',
  rejected: 'danger',
};

export function WithdrawalStatus({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useLingui();
  const { confirmations, confirmationsRequired: required } = withdrawal;
  const texts: Record<Withdrawal['status'], string> = {
    submitted: t({ message: 'Under review', comment: 'Status of a withdrawal: waiting for an operator' }),
    approved: t({ message: 'Approved', comment: 'Status of a withdrawal: an operator accepted it, not sent yet' }),
    broadcast: t`Sent: ${confirmations}/${required} confirmations`,
    completed: t({ message: 'Completed', comment: 'Status of a withdrawal: paid out' }),
    cancelled: t({ message: 'Cancelled', comment: 'Status of a withdrawal: cancelled by the user' }),
    rejected: t({ message: 'Rejected', comment: 'Status of a withdrawal: refused by an operator' }),
  };
  return (
    <span className={styles.status}>
      <Badge tone={STATUS_TONES[withdrawal.status]} data-testid={`withdrawal-status-${withdrawal.id}`} data-status={withdrawal.status}>
        {texts[withdrawal.status]}
      </Badge>
      {withdrawal.status === 'rejected' && withdrawal.rejectReason ? <span className={styles.reason}>{withdrawal.rejectReason}</span> : null}
    </span>
  );
}

/** Where the withdrawal goes: the network and the address, or the bank and the account's last four. */
function Destination({ withdrawal }: { withdrawal: Withdrawal }) {
  if (withdrawal.type === 'fiat') return <span>{`${withdrawal.bankName ?? ''} ···· ${withdrawal.accountTail ?? ''}`}</span>;
  return <Txid txid={withdrawal.address ?? ''} />;
}

export function WithdrawalsTable({ pageSize, paged, testId }: { pageSize: number; paged: boolean; testId: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [pageNumber, setPageNumber] = useState(1);
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);
  const { view, retry, reload } = useWithdrawals({ offset: (pageNumber - 1) * pageSize, limit: pageSize });
  const columns: DataColumn<Withdrawal>[] = [
    { key: 'time', label: t`Time`, cell: (row) => <time dateTime={new Date(row.createdAt).toISOString()}>{formatDate(row.createdAt, language, { withTime: true })}</time> },
    { key: 'coin', label: t`Coin`, cell: (row) => (row.network ? `${row.currency} · ${row.network}` : `${row.currency} · ${t`Bank`}`) },
    {
      key: 'amount',
      label: t`Amount`,
      align: 'end',
      cell: (row) => (
        <span className={styles.figure} data-testid="withdrawal-amount">
          {trimZeros(row.amount)}
        </span>
      ),
    },
    { key: 'fee', label: t`Fee`, align: 'end', hideOnPhone: true, cell: (row) => <span className={styles.figure}>{trimZeros(row.fee)}</span> },
    { key: 'status', label: t`Status`, cell: (row) => <WithdrawalStatus withdrawal={row} /> },
    { key: 'to', label: t`To`, hideOnPhone: true, cell: (row) => <Destination withdrawal={row} /> },
    { key: 'txid', label: t`Transaction ID`, hideOnPhone: true, cell: (row) => (row.txid ? <Txid txid={row.txid} /> : '–') },
    {
      key: 'actions',
      label: t`Actions`,
      align: 'end',
      cell: (row) =>
        row.status === 'submitted' ? (
          <Button variant="ghost" size="small" onClick={() => setCancelling(row)} data-testid={`withdrawal-cancel-${row.id}`}>
            {t`Cancel`}
          </Button>
        ) : null,
    },
  ];
  const total = view.phase === 'ready' ? view.data.total : 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const cancelledAmount = cancelling ? `${trimZeros(cancelling.amount)} ${cancelling.currency}` : '';
  return (
    <>
      <DataTable
        testId={testId}
        columns={columns}
        rows={view.phase === 'ready' ? view.data.list : []}
        rowKey={(row) => row.id}
        caption={t`Withdrawals`}
        state={view.phase === 'loading' ? 'loading' : view.phase === 'failed' ? 'error' : 'ready'}
        empty={t`No withdrawals yet.`}
        error={{ title: t`Your withdrawals could not be loaded.`, retry }}
        rowProps={(row) => ({ 'data-testid': 'withdrawal-row', 'data-id': row.id, 'data-status': row.status, 'data-txid': row.txid ?? undefined })}
        paging={paged && pageCount > 1 ? { page: pageNumber, pageCount, onPage: (page) => setPageNumber(Math.min(Math.max(1, page), pageCount)) } : undefined}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title={t`Cancel the withdrawal?`}
        description={t`The withdrawal of ${cancelledAmount} is cancelled and the amount with its fee returns to your spot balance.`}
        confirmLabel={t`Cancel the withdrawal`}
        cancelLabel={t`Keep it`}
        confirmVariant="danger"
        onConfirm={async () => {
          if (cancelling && (await cancelWithdrawal(cancelling.id))) reload();
        }}
        testId="withdrawal-cancel-dialog"
      />
    </>
  );
}
