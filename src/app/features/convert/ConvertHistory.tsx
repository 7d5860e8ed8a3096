/**
 * The convert history (spec 2 /Convert/ConvertHistory, the orders menu's convert entry): the
 * signed-in user's conversions, newest first, CONVERT_HISTORY_PAGE_SIZE to a page with previous
 * and next: when (in the page language's date order, R-LANG-06), what was paid and received,
 * the rate and the status. A convert is done in one step or not at all, so every listed one is
 * completed. A visitor is asked to sign in.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { convertHistoryCall, type ConvertOrder } from '../../../shared/api/convert';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { useHubStatus } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { trimZeros } from '../../../shared/decimal';
import { CONVERT_HISTORY_PAGE_SIZE, clampPage, pageCount, pageOffset } from './historyPaging';
import styles from './convert.module.css';
import { loginPath } from '../../ui/paths';

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
  const status = useHubStatus()?.session.status ?? 'unknown';
  if (status === 'signedOut') return <SignInPrompt />;
  if (status === 'unknown') return <p className={styles.note} role="status" aria-busy="true" data-testid="convert-history-loading" />;
  return <HistoryList language={language} />;
}

function SignInPrompt() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  return (
    <section className={styles.prompt} data-testid="convert-history-signin">
      <p>{t`Sign in to see your conversions.`}</p>
      <PageLink to={loginPath(pathname)} className={styles.primaryLink}>
        {t`Log in`}
      </PageLink>
    </section>
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

  if (view.phase === 'loading') {
    return (
      <p className={styles.note} role="status" aria-busy="true" data-testid="convert-history-loading">
        {t`Loading…`}
      </p>
    );
  }
  if (view.phase === 'failed') {
    return (
      <div className={styles.note} role="alert" data-testid="convert-history-failed">
        <p>{t`Your conversions could not be loaded.`}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => {
            setView({ phase: 'loading' });
            setAttempt((value) => value + 1);
          }}>
          {t`Try again`}
        </button>
      </div>
    );
  }
  const { total, list } = view.page;
  if (total === 0) {
    return (
      <div className={styles.note} data-testid="convert-history-empty">
        <p>{t`You have not converted anything yet.`}</p>
        <PageLink to="/convert" className={styles.primaryLink}>
          {t`Convert now`}
        </PageLink>
      </div>
    );
  }
  const pages = pageCount(total);
  const go = (page: number) => setPageNumber(clampPage(page, total));
  return (
    <section className={styles.history} data-testid="convert-history" data-page={pageNumber}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t`Date`}</th>
            <th scope="col">{t`From`}</th>
            <th scope="col">{t`To`}</th>
            <th scope="col" className={styles.number}>
              {t`Paid`}
            </th>
            <th scope="col" className={styles.number}>
              {t`Received`}
            </th>
            <th scope="col" className={styles.number}>
              {t`Rate`}
            </th>
            <th scope="col">{t`Status`}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((order) => (
            <HistoryRow key={order.id} order={order} language={language} />
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t`Pages`}>
          <button type="button" className={styles.secondaryButton} data-testid="convert-history-previous" disabled={pageNumber <= 1} onClick={() => go(pageNumber - 1)}>
            {t`Previous`}
          </button>
          <span data-testid="convert-history-page">{t`Page ${pageNumber} of ${pages}`}</span>
          <button type="button" className={styles.secondaryButton} data-testid="convert-history-next" disabled={pageNumber >= pages} onClick={() => go(pageNumber + 1)}>
            {t`Next`}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function HistoryRow({ order, language }: { order: ConvertOrder; language: Language }) {
  const { t } = useLingui();
  const price = trimZeros(order.price);
  return (
    <tr data-testid="convert-history-row" data-id={order.id}>
      <td data-label={t`Date`}>
        <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt, language, { withTime: true })}</time>
      </td>
      <td data-label={t`From`}>{order.from}</td>
      <td data-label={t`To`}>{order.to}</td>
      <td className={styles.number} data-label={t`Paid`} data-testid="convert-history-paid">
        {order.fromAmount} {order.from}
      </td>
      <td className={styles.number} data-label={t`Received`} data-testid="convert-history-received">
        {order.toAmount} {order.to}
      </td>
      <td className={styles.number} data-label={t`Rate`}>
        1 {order.from} ≈ {price} {order.to}
      </td>
      <td data-label={t`Status`}>
        <span className={styles.status}>{t({ message: 'Completed', comment: 'Status of a convert order: done' })}</span>
      </td>
    </tr>
  );
}
