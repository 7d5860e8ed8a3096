/**
 * The console's withdrawal reviews (issue 16): the withdrawals waiting for an operator, oldest
 * first (submitted ones to decide, approved fiat ones to pay), or every withdrawal, newest first.
 * One opens in a dialog with where the money goes: approving a blockchain withdrawal sends it on
 * its chain at once (the server completes it at the network's confirmations); approving a fiat
 * one leaves it for the operator to pay to the bank and then mark paid; rejecting takes a reason
 * the user reads and releases the user's funds.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
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
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { operatorFormRefusal } from './formRefusal';
import styles from './operator.module.css';

type QueueState = 'pending' | 'all';

async function readQueue(state: QueueState): Promise<OperatorWithdrawal[] | null> {
  try {
    const rows = await callApi(operatorWithdrawListCall, { query: { state, limit: WITHDRAW_QUEUE_PAGE_MAX } });
    return rows === false ? null : rows;
  } catch (error) {
    console.warn('Failed to read the withdrawals', error);
    return null;
  }
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
  const [state, setState] = useState<QueueState>('pending');
  const [rows, setRows] = useState<OperatorWithdrawal[] | null | 'loading'>('loading');
  const [open, setOpen] = useState<OperatorWithdrawal | null>(null);

  const fetchQueue = useCallback((which: QueueState) => {
    void readQueue(which).then(setRows);
  }, []);
  useEffect(() => fetchQueue('pending'), [fetchQueue]);
  const show = (which: QueueState) => {
    setState(which);
    setRows('loading');
    fetchQueue(which);
  };

  const columns: DataColumn<OperatorWithdrawal>[] = [
    { key: 'id', label: t`ID`, cell: (row) => row.id, width: '5rem' },
    { key: 'account', label: t`Account`, cell: (row) => <span className={styles.error}>{row.contact || row.userId}</span> },
    { key: 'amount', label: t`Amount`, cell: (row) => `${row.amount} ${row.currency}`, align: 'end' },
    { key: 'to', label: t`To`, cell: (row) => <span className={styles.error}>{destinationOf(row)}</span>, hideOnPhone: true },
    { key: 'sent', label: t`Submitted`, cell: (row) => formatDate(row.createdAt, language, { withTime: true }), hideOnPhone: true },
    {
      key: 'status',
      label: t`Status`,
      cell: (row) => {
        const shown = statusText(row.status);
        return <Badge tone={shown.tone}>{shown.text}</Badge>;
      },
    },
    {
      key: 'open',
      label: t`Actions`,
      align: 'end',
      cell: (row) => {
        const id = row.id;
        return (
          <Button size="small" variant="secondary" onClick={() => setOpen(row)} aria-label={t`Review withdrawal ${id}`} data-testid="withdraw-review">
            {row.status === 'submitted' || (row.status === 'approved' && row.type === 'fiat') ? t`Review` : t`View`}
          </Button>
        );
      },
    },
  ];

  const table = (
    <DataTable
      caption={t`Withdrawals`}
      columns={columns}
      rows={Array.isArray(rows) ? rows : []}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'withdraw-row', 'data-id': row.id, 'data-user': row.userId })}
      state={rows === 'loading' ? 'loading' : rows === null ? 'error' : 'ready'}
      error={{ title: t`The withdrawals could not be loaded.`, retry: () => show(state) }}
      empty={state === 'pending' ? t`No withdrawal is waiting for an operator.` : t`No withdrawal yet.`}
      testId="withdraw-table"
    />
  );

  return (
    <div className={styles.section} data-testid="operator-withdrawals">
      <Panel title={t`Withdrawals`}>
        <Tabs
          label={t`Withdrawals to show`}
          variant="pills"
          value={state}
          onValueChange={(value) => {
            if (value === 'pending' || value === 'all') show(value);
          }}
          items={[
            { value: 'pending', label: t`Waiting for an operator`, testId: 'withdraw-filter-pending' },
            { value: 'all', label: t`All withdrawals`, testId: 'withdraw-filter-all' },
          ]}
        >
          <TabPanel value="pending">{state === 'pending' ? table : null}</TabPanel>
          <TabPanel value="all">{state === 'all' ? table : null}</TabPanel>
        </Tabs>
      </Panel>
      {open ? (
        <ReviewDialog
          withdrawal={open}
          onClose={() => setOpen(null)}
          onDecided={() => {
            setOpen(null);
            show(state);
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
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fiat = withdrawal.type === 'fiat';
  const decisions: Decision[] = withdrawal.status === 'submitted' ? ['reject', 'approve'] : fiat && withdrawal.status === 'approved' ? ['reject', 'paid'] : [];

  const decide = async (decision: Decision) => {
    if (decision === 'reject' && reason.trim().length < 2) {
      setReasonError(t`Write the reason the user will read.`);
      return;
    }
    setBusy(true);
    try {
      const query = { query: { id } };
      const answer =
        decision === 'approve'
          ? await callApi(operatorWithdrawApproveCall, query)
          : decision === 'paid'
            ? await callApi(operatorWithdrawPaidCall, query)
            : await callApi(operatorWithdrawRejectCall, { ...query, body: { reason } });
      if (answer === false) return;
      const done = { approve: t`Withdrawal ${id} is approved.`, paid: t`Withdrawal ${id} is completed.`, reject: t`Withdrawal ${id} is rejected.` };
      showToast(done[decision], ERROR_TOAST_MS, 'success');
      onDecided();
    } catch (error) {
      const refusal = operatorFormRefusal(error, t`The decision could not be sent.`);
      setReasonError(refusal.fields.reason ?? refusal.form);
    } finally {
      setBusy(false);
    }
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
            <Button key={decision} variant={decision === 'reject' ? 'danger' : 'primary'} onClick={() => void decide(decision)} disabled={busy} data-testid={`withdraw-${decision}`}>
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
          <FormField label={t`Reason, if you reject it`} hint={t`The user reads this.`} error={reasonError}>
            {(control) => (
              <textarea
                {...control}
                className={`${inputClassName} ${styles.multiline} ${styles.short}`}
                value={reason}
                maxLength={WITHDRAW_REJECT_REASON_MAX}
                onChange={(event) => setReason(event.target.value)}
                data-testid="withdraw-reason"
              />
            )}
          </FormField>
        ) : null}
      </div>
    </Dialog>
  );
}
