/**
 * What the console's review queues share (identity submissions, withdrawals): a list read in one
 * of two states, what waits for an operator or everything, shown in a panel whose pills switch
 * between them; and the reason field of a rejection, which the user reads.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { showToast } from '../../state/hub-store';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import type { DataColumn } from '../../ui/DataTable';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { operatorFormRefusal } from './formRefusal';
import styles from './operator.module.css';

export type QueueState = 'waiting' | 'all';

export interface ReviewQueue<Row> {
  state: QueueState;
  rows: Row[] | null | 'loading';
  /** Shows the queue in a state, read again. */
  show: (state: QueueState) => void;
}

/**
 * The queue's rows, read with `read` (a module-level function: it must not change between
 * renders) when the section opens and whenever it is shown again; null when reading failed.
 */
export function useReviewQueue<Row>(read: (state: QueueState) => Promise<Row[] | false>, failureLog: string): ReviewQueue<Row> {
  const [state, setState] = useState<QueueState>('waiting');
  const [rows, setRows] = useState<Row[] | null | 'loading'>('loading');
  const fetchQueue = useCallback(
    (which: QueueState) => {
      void read(which)
        .then((answer) => (answer === false ? null : answer))
        .catch((error: unknown) => {
          console.warn(failureLog, error);
          return null;
        })
        .then(setRows);
    },
    [read, failureLog],
  );
  useEffect(() => fetchQueue('waiting'), [fetchQueue]);
  const show = (which: QueueState) => {
    setState(which);
    setRows('loading');
    fetchQueue(which);
  };
  return { state, rows, show };
}

/** The rows and the loading state a DataTable of the queue takes. */
export function queueTable<Row>(queue: ReviewQueue<Row>): { rows: Row[]; state: 'loading' | 'error' | 'ready' } {
  return { rows: Array.isArray(queue.rows) ? queue.rows : [], state: queue.rows === 'loading' ? 'loading' : queue.rows === null ? 'error' : 'ready' };
}

export function ReviewQueuePanel<Row>(props: {
  queue: ReviewQueue<Row>;
  title: string;
  tabsLabel: string;
  waitingLabel: string;
  allLabel: string;
  /** Prefix of the pills' test ids: `<prefix>-filter-waiting`, `<prefix>-filter-all`. */
  testPrefix: string;
  /** The queue's table, shown under the chosen pill. */
  children: ReactNode;
}) {
  const { queue, testPrefix, children } = props;
  return (
    <Panel title={props.title}>
      <Tabs
        label={props.tabsLabel}
        variant="pills"
        value={queue.state}
        onValueChange={(value) => {
          if (value === 'waiting' || value === 'all') queue.show(value);
        }}
        items={[
          { value: 'waiting', label: props.waitingLabel, testId: `${testPrefix}-filter-waiting` },
          { value: 'all', label: props.allLabel, testId: `${testPrefix}-filter-all` },
        ]}
      >
        <TabPanel value="waiting">{queue.state === 'waiting' ? children : null}</TabPanel>
        <TabPanel value="all">{queue.state === 'all' ? children : null}</TabPanel>
      </Tabs>
    </Panel>
  );
}

/** What every queued row carries: its id and whose it is. */
interface QueuedRow {
  id: number;
  userId: number;
  /** The account's e-mail, else its phone. */
  contact: string;
}

/**
 * The columns every queue has: first the id and the account, last the status and the button that
 * opens the row (Review while it waits for a decision, else View).
 */
export function useQueueColumns<Row extends QueuedRow>(options: {
  status: (row: Row) => { text: string; tone: BadgeTone };
  decidable: (row: Row) => boolean;
  reviewLabel: (id: number) => string;
  onOpen: (row: Row) => void;
  testId: string;
}): { first: DataColumn<Row>[]; last: DataColumn<Row>[] } {
  const { t } = useLingui();
  return {
    first: [
      { key: 'id', label: t`ID`, cell: (row) => row.id, width: '5rem' },
      { key: 'account', label: t`Account`, cell: (row) => <span className={styles.error}>{row.contact || row.userId}</span> },
    ],
    last: [
      {
        key: 'status',
        label: t`Status`,
        cell: (row) => {
          const shown = options.status(row);
          return <Badge tone={shown.tone}>{shown.text}</Badge>;
        },
      },
      {
        key: 'open',
        label: t`Actions`,
        align: 'end',
        cell: (row) => (
          <Button size="small" variant="secondary" onClick={() => options.onOpen(row)} aria-label={options.reviewLabel(row.id)} data-testid={options.testId}>
            {options.decidable(row) ? t`Review` : t`View`}
          </Button>
        ),
      },
    ],
  };
}

/**
 * A decision on an opened row: the rejection's reason, the refusal to show at it, and `decide`,
 * which checks a rejection has a reason, sends the decision, toasts `done` and calls `onDecided`
 * once it is made.
 */
export function useDecision(onDecided: () => void) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decide = async (send: () => Promise<unknown>, done: string, rejecting: boolean) => {
    if (rejecting && reason.trim().length < 2) {
      setReasonError(t`Write the reason the user will read.`);
      return;
    }
    setBusy(true);
    try {
      if ((await send()) === false) return;
      showToast(done, ERROR_TOAST_MS, 'success');
      onDecided();
    } catch (error) {
      const refusal = operatorFormRefusal(error, t`The decision could not be sent.`);
      setReasonError(refusal.fields.reason ?? refusal.form);
    } finally {
      setBusy(false);
    }
  };
  return { reason, setReason, reasonError, busy, decide };
}

/** The reason of a rejection, which the user reads. */
export function RejectReasonField(props: { value: string; onChange: (value: string) => void; error: string | null; maxLength: number; testId: string }) {
  const { t } = useLingui();
  return (
    <FormField label={t`Reason, if you reject it`} hint={t`The user reads this.`} error={props.error}>
      {(control) => (
        <textarea
          {...control}
          className={`${inputClassName} ${styles.multiline} ${styles.short}`}
          value={props.value}
          maxLength={props.maxLength}
          onChange={(event) => props.onChange(event.target.value)}
          data-testid={props.testId}
        />
      )}
    </FormField>
  );
}
