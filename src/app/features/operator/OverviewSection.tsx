/**
 * The console's overview: the ledger audit (run on demand: it reads the whole journal), the
 * scheduler (jobs waiting, due and given up; a given-up job's error and a retry), the outbox
 * (events waiting, trying again and set aside; a set-aside event's error and sending it again), the
 * market-maker robots' switch and the rewards (the fund, the check-in table, the prizes). Each
 * panel reads its own call, so one that fails leaves the others working.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  auditCall,
  operatorJobRetryCall,
  operatorJobsCall,
  operatorOutboxCall,
  operatorOutboxRetryCall,
  robotsGetCall,
  robotsSetCall,
  type FailedEvent,
  type FailedJob,
} from '../../../shared/api/operator';
import type { CallData } from '../../../shared/api/call';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { read, usePanelRead, type Load } from './panelRead';
import { RewardsPanel } from './RewardsPanel';
import styles from './operator.module.css';

/** The given-up jobs (and set-aside events) a panel lists: enough to see a pattern, few enough to read. */
const FAILED_JOBS_SHOWN = 50;

export function OverviewSection() {
  return (
    <div className={styles.section} data-testid="operator-overview">
      <div className={styles.columns}>
        <AuditPanel />
        <RobotsPanel />
      </div>
      <SchedulerPanel />
      <OutboxPanel />
      <RewardsPanel />
    </div>
  );
}

function AuditPanel() {
  const { t } = useLingui();
  const [audit, setAudit] = useState<Load<CallData<typeof auditCall>> | null>(null);
  const run = async () => {
    setAudit({ state: 'loading' });
    setAudit(await read(() => callApi(auditCall), 'the ledger audit'));
  };
  const result = audit?.state === 'ready' ? audit.value : null;
  return (
    <Panel
      title={t`Ledger audit`}
      data-testid="audit-panel"
      actions={
        <Button size="small" onClick={() => void run()} disabled={audit?.state === 'loading'} data-testid="audit-run">
          {audit === null ? t`Run the audit` : t`Run it again`}
        </Button>
      }
    >
      {audit === null ? <p className={styles.muted}>{t`Checks that every transaction balances and that every account's balance and held amount equal the sum of its postings.`}</p> : null}
      {audit?.state === 'loading' ? <StatusMessage tone="loading" title={t`Auditing the ledger…`} headingLevel={3} /> : null}
      {audit?.state === 'failed' ? <StatusMessage tone="error" title={t`The audit could not be run.`} headingLevel={3} action={{ label: t`Try again`, onClick: () => void run() }} /> : null}
      {result ? (
        <div className={styles.section} data-testid="audit-result" data-ok={result.ok}>
          <p className={styles.actions}>
            {result.ok ? <Badge tone="success">{t`Balanced`}</Badge> : <Badge tone="danger">{t`Problems found`}</Badge>}
          </p>
          <StatGroup label={t`What the audit checked`}>
            <Stat label={t`Accounts`} value={result.checked.accounts.toLocaleString()} />
            <Stat label={t`Transactions`} value={result.checked.transactions.toLocaleString()} />
            <Stat label={t`Postings`} value={result.checked.postings.toLocaleString()} />
          </StatGroup>
          {result.problems.length > 0 ? (
            <ul className={styles.problems} data-testid="audit-problems">
              {result.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}

function RobotsPanel() {
  const { t } = useLingui();
  const [robots, load, setRobots] = usePanelRead(() => callApi(robotsGetCall), 'the robots switch');
  const [busy, setBusy] = useState(false);
  const toggle = async (paused: boolean) => {
    setBusy(true);
    try {
      const answer = await callApi(robotsSetCall, { body: { paused } });
      if (answer !== false) setRobots({ state: 'ready', value: answer });
    } catch (error) {
      console.warn('Failed to switch the robots', error);
    } finally {
      setBusy(false);
    }
  };
  const state = robots.state === 'ready' ? robots.value : null;
  return (
    <Panel title={t`Market-maker robots`} data-testid="robots-panel">
      {robots.state === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} /> : null}
      {robots.state === 'failed' ? <StatusMessage tone="error" title={t`The robots' state could not be read.`} headingLevel={3} action={{ label: t`Try again`, onClick: () => void load() }} /> : null}
      {state ? (
        <div className={styles.section}>
          <p className={styles.actions} data-testid="robots-state" data-paused={state.paused} data-configured={state.configured}>
            {!state.configured ? <Badge>{t`Not set up on this server`}</Badge> : state.paused ? <Badge tone="warning">{t`Paused`}</Badge> : <Badge tone="success">{t`Quoting`}</Badge>}
          </p>
          <p className={styles.muted}>{t`The robots keep the demo markets' books filled. Paused robots withdraw their orders and stay idle until resumed.`}</p>
          {state.configured ? (
            <p className={styles.actions}>
              <Button variant={state.paused ? 'primary' : 'secondary'} size="small" disabled={busy} onClick={() => void toggle(!state.paused)} data-testid="robots-toggle">
                {state.paused ? t`Resume the robots` : t`Pause the robots`}
              </Button>
            </p>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}

function SchedulerPanel() {
  const { t } = useLingui();
  const language = useLanguage();
  const [jobs, load] = usePanelRead(() => callApi(operatorJobsCall, { query: { limit: FAILED_JOBS_SHOWN } }), 'the scheduler');
  const [retrying, setRetrying] = useState<number | null>(null);
  const retry = async (job: FailedJob) => {
    setRetrying(job.id);
    try {
      if ((await callApi(operatorJobRetryCall, { query: { id: job.id } })) !== false) {
        showToast(t`The job ${job.kind} will run again now.`, ERROR_TOAST_MS, 'success');
        await load();
      }
    } catch (error) {
      console.warn('Failed to retry the job', error);
    } finally {
      setRetrying(null);
    }
  };
  const columns: DataColumn<FailedJob>[] = [
    { key: 'kind', label: t`Job`, cell: (job) => <span>{job.kind}</span> },
    { key: 'key', label: t`Key`, cell: (job) => <span className={styles.error}>{job.key}</span>, hideOnPhone: true },
    { key: 'attempts', label: t`Tries`, align: 'end', cell: (job) => job.attempts },
    { key: 'failedAt', label: t`Given up`, cell: (job) => (job.failedAt === null ? '—' : formatDate(job.failedAt, language, { withTime: true })) },
    { key: 'error', label: t`Last error`, cell: (job) => <span className={styles.error}>{job.lastError}</span> },
    {
      key: 'retry',
      label: t`Actions`,
      align: 'end',
      cell: (job) => (
        <Button size="small" variant="secondary" disabled={retrying !== null} onClick={() => void retry(job)} data-testid="job-retry">
          {t`Retry`}
        </Button>
      ),
    },
  ];
  const value = jobs.state === 'ready' ? jobs.value : null;
  return (
    <Panel
      title={t`Scheduler`}
      data-testid="scheduler-panel"
      actions={
        <Button size="small" variant="ghost" onClick={() => void load()} disabled={jobs.state === 'loading'} data-testid="scheduler-refresh">
          {t`Refresh`}
        </Button>
      }
    >
      <div className={styles.section}>
        {value ? (
          <StatGroup label={t`Scheduled jobs`}>
            <Stat label={t`Waiting`} value={value.counts.pending} testId="jobs-pending" />
            <Stat label={t`Due now`} value={value.counts.due} testId="jobs-due" />
            <Stat label={t`Given up`} value={value.counts.failed} tone={value.counts.failed > 0 ? 'down' : 'neutral'} testId="jobs-failed" />
          </StatGroup>
        ) : null}
        <DataTable
          caption={t`Jobs the scheduler gave up on`}
          columns={columns}
          rows={value?.failed ?? []}
          rowKey={(job) => job.id}
          rowProps={(job) => ({ 'data-testid': 'failed-job', 'data-id': job.id })}
          state={jobs.state === 'ready' ? 'ready' : jobs.state === 'loading' ? 'loading' : 'error'}
          error={{ title: t`The scheduler could not be read.`, retry: () => void load() }}
          empty={t`No job has been given up on.`}
          testId="failed-jobs"
        />
      </div>
    </Panel>
  );
}

function OutboxPanel() {
  const { t } = useLingui();
  const language = useLanguage();
  const [outbox, load] = usePanelRead(() => callApi(operatorOutboxCall, { query: { limit: FAILED_JOBS_SHOWN } }), 'the outbox');
  const [retrying, setRetrying] = useState<number | null>(null);
  const retry = async (event: FailedEvent) => {
    setRetrying(event.id);
    try {
      if ((await callApi(operatorOutboxRetryCall, { query: { id: event.id } })) !== false) {
        showToast(t`Event ${event.id} will be sent again.`, ERROR_TOAST_MS, 'success');
        await load();
      }
    } catch (error) {
      console.warn('Failed to send the event again', error);
    } finally {
      setRetrying(null);
    }
  };
  const columns: DataColumn<FailedEvent>[] = [
    { key: 'topic', label: t`Event`, cell: (event) => <span>{`${event.topic} #${event.id}`}</span> },
    { key: 'attempts', label: t`Tries`, align: 'end', cell: (event) => event.attempts },
    { key: 'failedAt', label: t`Set aside`, cell: (event) => formatDate(event.failedAt, language, { withTime: true }) },
    { key: 'error', label: t`Last error`, cell: (event) => <span className={styles.error}>{event.lastError}</span> },
    {
      key: 'retry',
      label: t`Actions`,
      align: 'end',
      cell: (event) => (
        <Button size="small" variant="secondary" disabled={retrying !== null} onClick={() => void retry(event)} data-testid="event-retry">
          {t`Send again`}
        </Button>
      ),
    },
  ];
  const value = outbox.state === 'ready' ? outbox.value : null;
  return (
    <Panel
      title={t`Outbox`}
      data-testid="outbox-panel"
      actions={
        <Button size="small" variant="ghost" onClick={() => void load()} disabled={outbox.state === 'loading'} data-testid="outbox-refresh">
          {t`Refresh`}
        </Button>
      }
    >
      <div className={styles.section}>
        {value ? (
          <StatGroup label={t`Outbox events`}>
            <Stat label={t`Waiting`} value={value.counts.pending} testId="events-pending" />
            <Stat label={t`Trying again`} value={value.counts.retrying} testId="events-retrying" />
            <Stat label={t`Set aside`} value={value.counts.failed} tone={value.counts.failed > 0 ? 'down' : 'neutral'} testId="events-failed" />
          </StatGroup>
        ) : null}
        <DataTable
          caption={t`Events set aside after failing`}
          columns={columns}
          rows={value?.failed ?? []}
          rowKey={(event) => event.id}
          rowProps={(event) => ({ 'data-testid': 'failed-event', 'data-id': event.id })}
          state={outbox.state === 'ready' ? 'ready' : outbox.state === 'loading' ? 'loading' : 'error'}
          error={{ title: t`The outbox could not be read.`, retry: () => void load() }}
          empty={t`No event has been set aside.`}
          testId="failed-events"
        />
      </div>
    </Panel>
  );
}
