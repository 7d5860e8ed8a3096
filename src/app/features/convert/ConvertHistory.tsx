/**
 * The convert history (spec 2 /Convert/ConvertHistory, the orders menu's convert entry): the
 * signed-in user's conversions, newest first, CONVERT_HISTORY_PAGE_SIZE to a page with previous
 * and next: when (in the page language's date order, R-LANG-06), what was paid and received,
 * the rate and the status. A convert is done in one step or not at all, so every listed one is
 * completed. A visitor is asked to sign in. The table, its pages and its states are the kit's.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { convertHistoryCall, type ConvertOrder } from '../../../shared/api/convert';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { useSessionStatus } from '../../state/hub';
import { trimZeros } from '../../../shared/decimal';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { StatusMessage } from '../../ui/StatusMessage';
import { CONVERT_HISTORY_PAGE_SIZE, clampPage, pageCount, pageOffset } from './historyPaging';

interface HistoryPage {
  total: number;
  list: ConvertOrder[];
}

async function readHistoryPage(offset: number): Promise<HistoryPage | null> {
  try {
    const data = await callApi(convertHistoryCall, { query: { offset, limit: CONVERT_HISTORY_PAGE_SIZE } }, { silentAll: true });
    return data === false ? null : data;
  } catch (error) {
    console.warn('Failed to read the convert history', error);
    return null;
  }
}

export function ConvertHistory({ language }: { language: Language }) {
  const status = useSessionStatus();
  if (status === 'signedOut') return <SignInPrompt />;
  if (status === 'unknown') return <Loading />;
  return <HistoryList language={language} />;
}

function Loading() {
  const { t } = useLingui();
  return <StatusMessage testId="convert-history-loading" tone="loading" title={t`Loading…`} headingLevel={2} />;
}

function SignInPrompt() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  return (
    <StatusMessage testId="convert-history-signin" tone="neutral" title={t`Sign in to see your conversions.`} headingLevel={2}>
      <ButtonLink to={loginPath(pathname)}>{t`Log in`}</ButtonLink>
    </StatusMessage>
  );
}

type View = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; page: HistoryPage };

function HistoryList({ language }: { language: Language }) {
  const { t } = useLingui();
  const [pageNumber, setPageNumber] = useState(1);
  const [view, setView] = useState<View>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void readHistoryPage(pageOffset(pageNumber)).then((page) => {
      if (!live) return;
      setView(page ? { phase: 'ready', page } : { phase: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [pageNumber, attempt]);

  if (view.phase === 'loading') return <Loading />;
  if (view.phase === 'failed') {
    const retry = () => {
      setView({ phase: 'loading' });
      setAttempt((value) => value + 1);
    };
    return <StatusMessage testId="convert-history-failed" tone="error" title={t`Your conversions could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: retry }} />;
  }
  const { total, list } = view.page;
  if (total === 0) {
    return (
      <StatusMessage testId="convert-history-empty" tone="neutral" title={t`You have not converted anything yet.`} headingLevel={2}>
        <ButtonLink to="/convert">{t`Convert now`}</ButtonLink>
      </StatusMessage>
    );
  }
  const columns: DataColumn<ConvertOrder>[] = [
    {
      key: 'date',
      label: t`Date`,
      cell: (order) => <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt, language, { withTime: true })}</time>,
    },
    { key: 'from', label: t`From`, cell: (order) => order.from },
    { key: 'to', label: t`To`, cell: (order) => order.to },
    { key: 'paid', label: t`Paid`, align: 'end', cell: (order) => <span data-testid="convert-history-paid">{`${order.fromAmount} ${order.from}`}</span> },
    { key: 'received', label: t`Received`, align: 'end', cell: (order) => <span data-testid="convert-history-received">{`${order.toAmount} ${order.to}`}</span> },
    { key: 'rate', label: t`Rate`, align: 'end', cell: (order) => `1 ${order.from} ≈ ${trimZeros(order.price)} ${order.to}` },
    { key: 'status', label: t`Status`, cell: () => <Badge tone="success">{t({ message: 'Completed', comment: 'Status of a convert order: done' })}</Badge> },
  ];
  return (
    <Panel flush data-testid="convert-history" data-page={pageNumber}>
      <DataTable
        columns={columns}
        rows={list}
        rowKey={(order) => order.id}
        caption={t`Convert history`}
        rowProps={(order) => ({ 'data-testid': 'convert-history-row', 'data-id': order.id })}
        paging={{
          page: pageNumber,
          pageCount: pageCount(total),
          onPage: (page) => setPageNumber(clampPage(page, total)),
          testIds: { previous: 'convert-history-previous', page: 'convert-history-page', next: 'convert-history-next' },
        }}
      />
    </Panel>
  );
}
