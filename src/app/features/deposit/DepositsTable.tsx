/**
 * The user's deposits as a table (the deposit page's recent ones, the deposit history, the DWRecords
 * component page): when, the coin and network, the amount, the status (confirming n of N, credited,
 * or below the minimum and so not credited) and the transaction id. The kit draws the table, its
 * pages, its empty and failed states.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Deposit } from '../../../shared/api/chain';
import { trimZeros } from '../../../shared/decimal';
import { formatDate } from '../../../shared/format';
import { useLanguage } from '../../i18n/useLanguage';
import { Badge } from '../../ui/Badge';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Txid } from '../../ui/Txid';
import { useDeposits } from './depositData';
import styles from './deposit.module.css';

export function DepositStatus({ deposit }: { deposit: Deposit }) {
  const { t } = useLingui();
  const { confirmations, confirmationsRequired: required } = deposit;
  const testId = `deposit-status-${deposit.id}`;
  if (deposit.status === 'credited') return <Badge tone="success" data-testid={testId} data-status="credited">{t({ message: 'Credited', comment: 'Status of a deposit: added to the balance' })}</Badge>;
  if (deposit.status === 'belowMinimum') return <Badge tone="danger" data-testid={testId} data-status="belowMinimum">{t`Below the minimum: not credited`}</Badge>;
  return (
    <Badge tone="warning" data-testid={testId} data-status="confirming" data-confirmations={`${confirmations}/${required}`}>
      {t`Confirming ${confirmations}/${required}`}
    </Badge>
  );
}

export function DepositsTable({ coin, pageSize, paged, testId }: { coin?: string; pageSize: number; paged: boolean; testId: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [pageNumber, setPageNumber] = useState(1);
  const { view, retry } = useDeposits({ coin, offset: (pageNumber - 1) * pageSize, limit: pageSize });
  const columns: DataColumn<Deposit>[] = [
    { key: 'time', label: t`Time`, cell: (deposit) => <time dateTime={new Date(deposit.seenAt).toISOString()}>{formatDate(deposit.seenAt, language, { withTime: true })}</time> },
    { key: 'coin', label: t`Coin`, cell: (deposit) => `${deposit.currency} · ${deposit.network}` },
    { key: 'amount', label: t`Amount`, align: 'end', cell: (deposit) => <span className={styles.figure} data-testid="deposit-amount">{trimZeros(deposit.amount)}</span> },
    { key: 'status', label: t`Status`, cell: (deposit) => <DepositStatus deposit={deposit} /> },
    { key: 'txid', label: t`Transaction ID`, hideOnPhone: true, cell: (deposit) => <Txid txid={deposit.txid} /> },
  ];
  const total = view.phase === 'ready' ? view.data.total : 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <DataTable
      testId={testId}
      columns={columns}
      rows={view.phase === 'ready' ? view.data.list : []}
      rowKey={(deposit) => deposit.id}
      caption={t`Deposits`}
      state={view.phase === 'loading' ? 'loading' : view.phase === 'failed' ? 'error' : 'ready'}
      empty={t`No deposits yet.`}
      error={{ title: t`Your deposits could not be loaded.`, retry }}
      rowProps={(deposit) => ({ 'data-testid': 'deposit-row', 'data-txid': deposit.txid, 'data-status': deposit.status })}
      paging={paged && pageCount > 1 ? { page: pageNumber, pageCount, onPage: (page) => setPageNumber(Math.min(Math.max(1, page), pageCount)) } : undefined}
    />
  );
}
