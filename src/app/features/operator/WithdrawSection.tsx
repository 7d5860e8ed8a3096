/**
 * The console's withdrawal reviews (issue 16): the withdrawals waiting for an operator, oldest
 * first (submitted ones to decide, approved fiat ones to pay), or every withdrawal, newest first.
 * One opens in a dialog with where the money goes: approving a blockchain withdrawal sends it on
 * its chain at once (the server completes it at the network's confirmations); approving a fiat
 * one leaves it for the operator to pay to the bank and then mark paid; rejecting takes a reason
 * the user reads and releases the user's funds.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  operatorWithdrawApproveCall,
  operatorWithdrawListCall,
  operatorWithdrawPaidCall,
  operatorWithdrawRejectCall,
  WITHDRAW_QUEUE_PAGE_MAX,
  WITHDRAW_REJECT_REASON_MAX,
  type OperatorWithdrawal,
  type WithdrawStatus,
} from '../../../shared/api/withdraw';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { queueTable, RejectReasonField, ReviewQueuePanel, useDecision, useQueueColumns, useReviewQueue, type QueueState } from './reviewQueue';
import styles from './operator.module.css';

function readQueue(state: QueueState): Promise<OperatorWithdrawal[] | false> {
  return callApi(operatorWithdrawListCall, { query: { state: state === 'waiting' ? 'pending' : 'all', limit: WITHDRAW_QUEUE_PAGE_MAX } });
}

function useStatusText() {
  const { t } = useLingui();
  const texts: Record<WithdrawStatus, { text: string; tone: BadgeTone }> = {
    submitted: { text: t`Waiting for review`, tone: 'warning' },
    approved: { text: t`Approved`, tone: 'info' },
    broadcast: { text: t`On the chain`, tone: 'info' },
    completed: { text: t`Completed`, tone: 'success' },
    cancelled: { text: t`Cancelled`, tone: 'neutral' },
    rejected: { text: t`Rejected`, tone: 'danger' },
  };
  return (status: WithdrawStatus) => texts[status];
}

/** Where the money goes, in one line: the network and address, or the bank and the account's last characters. */
function destinationOf(row: OperatorWithdrawal): string {
  return row.type === 'fiat' ? `${row.bankName ?? ''} ···${row.accountTail ?? ''}` : `${row.network ?? ''} ${row.address ?? ''}`;
}

export function WithdrawSection() {
  const { t } = useLingui();
  const language = useLanguage();
  const statusText = useStatusText();
  const queue = useReviewQueue(readQueue, 'Failed to read the withdrawals');
  const [open, setOpen] = useState<OperatorWithdrawal | null>(null);

  const { first, last } = useQueueColumns<OperatorWithdrawal>({
    status: (row) => statusText(row.status),
    decidable: (row) => row.status === 'submitted' || (row.status === 'approved' && row.type === 'fiat'),
    reviewLabel: (id) => t`Review withdrawal ${id}`,
    onOpen: setOpen,
    testId: 'withdraw-review',
  });
  const columns: DataColumn<OperatorWithdrawal>[] = [
    ...first,
    { key: 'amount', label: t`Amount`, cell: (row) => `${row.amount} ${row.currency}`, align: 'end' },
    { key: 'to', label: t`To`, cell: (row) => <span className={styles.error}>{destinationOf(row)}</span>, hideOnPhone: true },
    { key: 'sent', label: t`Submitted`, cell: (row) => formatDate(row.createdAt, language, { withTime: true }), hideOnPhone: true },
    ...last,
  ];

  const table = (
    <DataTable
      caption={t`Withdrawals`}
      columns={columns}
      {...queueTable(queue)}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'withdraw-row', 'data-id': row.id, 'data-user': row.userId })}
      error={{ title: t`The withdrawals could not be loaded.`, retry: () => queue.show(queue.state) }}
      empty={queue.state === 'waiting' ? t`No withdrawal is waiting for an operator.` : t`No withdrawal yet.`}
      testId="withdraw-table"
    />
  );

  return (
    <div className={styles.section} data-testid="operator-withdrawals">
      <ReviewQueuePanel
        queue={queue}
        title={t`Withdrawals`}
        tabsLabel={t`Withdrawals to show`}
        waitingLabel={t`Waiting for an operator`}
        allLabel={t`All withdrawals`}
        testPrefix="withdraw"
      >
        {table}
      </ReviewQueuePanel>
      {open ? (
        <ReviewDialog
          withdrawal={open}
          onClose={() => setOpen(null)}
          onDecided={() => {
            setOpen(null);
            queue.show(queue.state);
          }}
        />
      ) : null}
    </div>
  );
}

type Decision = 'approve' | 'reject' | 'paid';

function ReviewDialog({ withdrawal, onClose, onDecided }: { withdrawal: OperatorWithdrawal; onClose: () => void; onDecided: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const statusText = useStatusText();
  const id = withdrawal.id;
  const fiat = withdrawal.type === 'fiat';
  const decisions: Decision[] = withdrawal.status === 'submitted' ? ['reject', 'approve'] : fiat && withdrawal.status === 'approved' ? ['reject', 'paid'] : [];
  const { reason, setReason, reasonError, busy, decide } = useDecision(onDecided);
  const sendDecision = (decision: Decision) => {
    const query = { query: { id } };
    const done = { approve: t`Withdrawal ${id} is approved.`, paid: t`Withdrawal ${id} is completed.`, reject: t`Withdrawal ${id} is rejected.` };
    const send = {
      approve: () => callApi(operatorWithdrawApproveCall, query),
      paid: () => callApi(operatorWithdrawPaidCall, query),
      reject: () => callApi(operatorWithdrawRejectCall, { ...query, body: { reason } }),
    };
    return decide(send[decision], done[decision], decision === 'reject');
  };

  const labels: Record<Decision, string> = { approve: fiat ? t`Approve` : t`Approve and send`, paid: t`Mark paid`, reject: t`Reject` };
  const shown = statusText(withdrawal.status);
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      title={t`Withdrawal ${id}`}
      description={withdrawal.contact}
      testId="withdraw-dialog"
      footer={
        decisions.length > 0 ? (
          decisions.map((decision) => (
            <Button key={decision} variant={decision === 'reject' ? 'danger' : 'primary'} onClick={() => void sendDecision(decision)} disabled={busy} data-testid={`withdraw-${decision}`}>
              {labels[decision]}
            </Button>
          ))
        ) : (
          <Button variant="secondary" onClick={onClose}>
            {t`Close`}
          </Button>
        )
      }
    >
      <div className={styles.form}>
        <dl className={styles.facts}>
          <dt>{t`Status`}</dt>
          <dd>
            <Badge tone={shown.tone}>{shown.text}</Badge>
          </dd>
          <dt>{t`Amount`}</dt>
          <dd data-testid="withdraw-dialog-amount">
            {withdrawal.amount} {withdrawal.currency}
          </dd>
          <dt>{t`Fee`}</dt>
          <dd>
            {withdrawal.fee} {withdrawal.currency}
          </dd>
          {fiat ? (
            <>
              <dt>{t`Bank`}</dt>
              <dd>{withdrawal.bankName}</dd>
              <dt>{t`Account holder`}</dt>
              <dd>{withdrawal.holderName}</dd>
              <dt>{t`Account number`}</dt>
              <dd data-testid="withdraw-dialog-account">{withdrawal.accountNumber}</dd>
            </>
          ) : (
            <>
              <dt>{t`Network`}</dt>
              <dd>{withdrawal.network}</dd>
              <dt>{t`Address`}</dt>
              <dd className={styles.error} data-testid="withdraw-dialog-address">
                {withdrawal.address}
              </dd>
            </>
          )}
          {withdrawal.txid ? (
            <>
              <dt>{t`Transaction`}</dt>
              <dd className={styles.error}>{withdrawal.txid}</dd>
            </>
          ) : null}
          <dt>{t`Submitted`}</dt>
          <dd>{formatDate(withdrawal.createdAt, language, { withTime: true })}</dd>
          {withdrawal.rejectReason ? (
            <>
              <dt>{t`Reason`}</dt>
              <dd>{withdrawal.rejectReason}</dd>
            </>
          ) : null}
        </dl>
        {decisions.includes('reject') ? (
          <RejectReasonField value={reason} onChange={setReason} error={reasonError} maxLength={WITHDRAW_REJECT_REASON_MAX} testId="withdraw-reason" />
        ) : null}
      </div>
    </Dialog>
  );
}
