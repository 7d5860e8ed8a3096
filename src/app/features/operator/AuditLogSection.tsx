/**
 * The console's operator audit log (issue 21): every change made through the operator's
 * configuration calls, newest first, with who made it (an operator's e-mail, or the admin CLI of
 * the server's machine), what and to what, when, and the state before and after.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { operatorAuditLogCall, type AuditEntry } from '../../../shared/api/operator-config';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { Badge } from '../../ui/Badge';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { read, type Load } from './panelRead';
import styles from './operator.module.css';

const PAGE_SIZE = 20;

const readPage = (before: number | null) =>
  read(() => callApi(operatorAuditLogCall, { query: { limit: PAGE_SIZE, ...(before === null ? {} : { before }) } }), 'the operator audit log');

/** A state as one line of JSON, short enough for a table cell. */
function stateText(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Of two states that are objects, only the fields that differ (a market change names its one new fee, not the whole market). */
function changedFields(entry: AuditEntry): { before: unknown; after: unknown } {
  const { before, after } = entry;
  if (!isRecord(before) || !isRecord(after)) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (keys.length === 0) return { before, after };
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) };
}

export function AuditLogSection() {
  const { t } = useLingui();
  const language = useLanguage();
  const [first, setFirst] = useState<Load<{ entries: AuditEntry[]; nextBeforeId: number | null }>>({ state: 'loading' });
  const [more, setMore] = useState<{ entries: AuditEntry[]; nextBeforeId: number | null; loading: boolean; failed: boolean } | null>(null);
  const load = () => {
    setFirst({ state: 'loading' });
    setMore(null);
    void readPage(null).then(setFirst);
  };
  useEffect(() => {
    let open = true;
    void readPage(null).then((page) => {
      if (open) setFirst(page);
    });
    return () => {
      open = false;
    };
  }, []);
  const entries = first.state === 'ready' ? [...first.value.entries, ...(more?.entries ?? [])] : [];
  const nextBeforeId = more ? more.nextBeforeId : first.state === 'ready' ? first.value.nextBeforeId : null;
  const loadMore = async () => {
    if (nextBeforeId === null) return;
    setMore((current) => ({ entries: current?.entries ?? [], nextBeforeId, loading: true, failed: false }));
    const page = await readPage(nextBeforeId);
    setMore((current) =>
      page.state === 'ready'
        ? { entries: [...(current?.entries ?? []), ...page.value.entries], nextBeforeId: page.value.nextBeforeId, loading: false, failed: false }
        : { entries: current?.entries ?? [], nextBeforeId, loading: false, failed: true },
    );
  };

  const columns: DataColumn<AuditEntry>[] = [
    { key: 'at', label: t`When`, cell: (entry) => formatDate(entry.at, language, { withTime: true }) },
    { key: 'actor', label: t`Who`, cell: (entry) => entry.actor ?? <Badge tone="brand">{t`Admin CLI`}</Badge> },
    { key: 'action', label: t`Change`, cell: (entry) => <span className={styles.error}>{entry.action}</span> },
    { key: 'target', label: t`Of`, cell: (entry) => entry.target },
    { key: 'before', label: t`Before`, cell: (entry) => <span className={styles.error}>{stateText(changedFields(entry).before)}</span>, hideOnPhone: true },
    { key: 'after', label: t`After`, cell: (entry) => <span className={styles.error}>{stateText(changedFields(entry).after)}</span> },
  ];
  return (
    <div className={styles.section} data-testid="operator-auditlog">
      <Panel title={t`Operator audit log`}>
        <DataTable
          caption={t`Operator audit log`}
          columns={columns}
          rows={entries}
          rowKey={(entry) => entry.id}
          rowProps={(entry) => ({ 'data-testid': 'audit-row', 'data-action': entry.action })}
          state={first.state === 'failed' ? 'error' : first.state}
          error={{ title: t`The operator audit log could not be loaded.`, retry: load }}
          empty={t`No operator change yet.`}
          loadMore={nextBeforeId !== null ? { onLoadMore: () => void loadMore(), loading: more?.loading ?? false, failed: more?.failed ?? false } : undefined}
          testId="audit-table"
        />
      </Panel>
    </div>
  );
}
