/**
 * The console's identity reviews (issue 15): the submissions waiting for a decision, oldest first
 * (or every submission, newest first), each opened in a dialog with its three images and the full
 * document number. Opening one marks it as being reviewed (the user sees status 2); the operator
 * approves it (status 4: the user is verified at the site's required level, under the name on the
 * document) or rejects it with a reason the user reads (status 3). The server records who decided
 * and notifies the user.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import {
  operatorIdentityDecideCall,
  operatorIdentityListCall,
  operatorIdentityReviewCall,
  REJECT_REASON_MAX,
  type OperatorIdentity,
} from '../../../shared/api/identity';
import { ERROR_TOAST_MS, IDENTITY_STATUS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { operatorFormRefusal } from './formRefusal';
import { useIdentityText } from './UsersSection';
import styles from './operator.module.css';

type QueueState = 'waiting' | 'all';
const QUEUE_PAGE = 50;

async function readQueue(state: QueueState): Promise<OperatorIdentity[] | null> {
  try {
    const rows = await callApi(operatorIdentityListCall, { query: { state, limit: QUEUE_PAGE } });
    return rows === false ? null : rows;
  } catch (error) {
    console.warn('Failed to read the identity submissions', error);
    return null;
  }
}

export function IdentitySection() {
  const { t } = useLingui();
  const language = useLanguage();
  const identity = useIdentityText();
  const [state, setState] = useState<QueueState>('waiting');
  const [rows, setRows] = useState<OperatorIdentity[] | null | 'loading'>('loading');
  const [open, setOpen] = useState<OperatorIdentity | null>(null);

  const fetchQueue = useCallback((which: QueueState) => {
    void readQueue(which).then(setRows);
  }, []);
  useEffect(() => fetchQueue('waiting'), [fetchQueue]);
  const show = (which: QueueState) => {
    setState(which);
    setRows('loading');
    fetchQueue(which);
  };

  const columns: DataColumn<OperatorIdentity>[] = [
    { key: 'id', label: t`ID`, cell: (row) => row.id, width: '5rem' },
    { key: 'account', label: t`Account`, cell: (row) => <span className={styles.error}>{row.contact || row.userId}</span> },
    { key: 'name', label: t`Name`, cell: (row) => row.realName },
    { key: 'sent', label: t`Sent`, cell: (row) => formatDate(row.submittedAt, language, { withTime: true }), hideOnPhone: true },
    {
      key: 'status',
      label: t`Status`,
      cell: (row) => {
        const shown = identity(row.status);
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
          <Button size="small" variant="secondary" onClick={() => setOpen(row)} aria-label={t`Review submission ${id}`} data-testid="identity-review">
            {row.status === IDENTITY_STATUS.created || row.status === IDENTITY_STATUS.reviewing ? t`Review` : t`View`}
          </Button>
        );
      },
    },
  ];

  const table = (
    <DataTable
      caption={t`Identity submissions`}
      columns={columns}
      rows={Array.isArray(rows) ? rows : []}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'identity-row', 'data-id': row.id, 'data-user': row.userId })}
      state={rows === 'loading' ? 'loading' : rows === null ? 'error' : 'ready'}
      error={{ title: t`The submissions could not be loaded.`, retry: () => show(state) }}
      empty={state === 'waiting' ? t`No submission is waiting for review.` : t`No submission yet.`}
      testId="identity-table"
    />
  );

  return (
    <div className={styles.section} data-testid="operator-identity">
      <Panel title={t`Identity verification`}>
        <Tabs
          label={t`Submissions to show`}
          variant="pills"
          value={state}
          onValueChange={(value) => {
            if (value === 'waiting' || value === 'all') show(value);
          }}
          items={[
            { value: 'waiting', label: t`Waiting for review`, testId: 'identity-filter-waiting' },
            { value: 'all', label: t`All submissions`, testId: 'identity-filter-all' },
          ]}
        >
          <TabPanel value="waiting">{state === 'waiting' ? table : null}</TabPanel>
          <TabPanel value="all">{state === 'all' ? table : null}</TabPanel>
        </Tabs>
      </Panel>
      {open ? (
        <ReviewDialog
          submission={open}
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

/** Opens the submission for review when it is waiting, so that its user sees 'under review'. */
function useOpenedSubmission(submission: OperatorIdentity): OperatorIdentity | null | 'loading' {
  const waiting = submission.status === IDENTITY_STATUS.created;
  const [opened, setOpened] = useState<OperatorIdentity | null | 'loading'>(waiting ? 'loading' : submission);
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    void callApi(operatorIdentityReviewCall, { query: { id: submission.id } })
      .then((answer) => (answer === false ? null : answer))
      .catch((error: unknown) => {
        console.warn('Failed to open the submission', error);
        return null;
      })
      .then((answer) => {
        if (current) setOpened(answer);
      });
    return () => {
      current = false;
    };
  }, [submission.id, waiting]);
  return opened;
}

function ReviewDialog({ submission, onClose, onDecided }: { submission: OperatorIdentity; onClose: () => void; onDecided: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const opened = useOpenedSubmission(submission);
  const id = submission.id;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decidable = opened !== null && opened !== 'loading' && (opened.status === IDENTITY_STATUS.created || opened.status === IDENTITY_STATUS.reviewing);

  const decide = async (body: { decision: 'approve' } | { decision: 'reject'; reason: string }) => {
    if (body.decision === 'reject' && body.reason.trim().length < 2) {
      setReasonError(t`Write the reason the user will read.`);
      return;
    }
    setBusy(true);
    try {
      const answer = await callApi(operatorIdentityDecideCall, { query: { id: submission.id }, body });
      if (answer === false) return;
      showToast(body.decision === 'approve' ? t`Submission ${id} is approved.` : t`Submission ${id} is rejected.`, ERROR_TOAST_MS, 'success');
      onDecided();
    } catch (error) {
      const refusal = operatorFormRefusal(error, t`The decision could not be sent.`);
      setReasonError(refusal.fields.reason ?? refusal.form);
    } finally {
      setBusy(false);
    }
  };

  const typeNames: Record<OperatorIdentity['documentType'], string> = { idCard: t`Identity card`, passport: t`Passport`, drivingLicence: t`Driving licence` };
  const images: [keyof OperatorIdentity['images'], string][] = [
    ['front', t`Front of the document`],
    ['back', t`Back of the document`],
    ['selfie', t`Selfie with the document`],
  ];
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      title={t`Submission ${id}`}
      description={submission.contact}
      testId="identity-dialog"
      footer={
        decidable ? (
          <>
            <Button variant="danger" onClick={() => void decide({ decision: 'reject', reason })} disabled={busy} data-testid="identity-reject">
              {t`Reject`}
            </Button>
            <Button onClick={() => void decide({ decision: 'approve' })} disabled={busy} data-testid="identity-approve">
              {t`Approve`}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            {t`Close`}
          </Button>
        )
      }
    >
      {opened === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} /> : null}
      {opened === null ? <StatusMessage tone="error" title={t`The submission could not be opened.`} headingLevel={3} /> : null}
      {opened !== null && opened !== 'loading' ? (
        <div className={styles.form}>
          <dl className={styles.facts}>
            <dt>{t`Name`}</dt>
            <dd data-testid="identity-dialog-name">{opened.realName}</dd>
            <dt>{t`Document`}</dt>
            <dd>
              {typeNames[opened.documentType]} <span data-testid="identity-dialog-number">{opened.documentNumber}</span>
            </dd>
            <dt>{t`Sent`}</dt>
            <dd>{formatDate(opened.submittedAt, language, { withTime: true })}</dd>
            {opened.rejectReason ? (
              <>
                <dt>{t`Reason`}</dt>
                <dd>{opened.rejectReason}</dd>
              </>
            ) : null}
          </dl>
          <ul className={styles.images}>
            {images.map(([side, label]) => (
              <li key={side}>
                <a href={opened.images[side]} target="_blank" rel="noreferrer">
                  <img src={opened.images[side]} alt={label} data-testid={`identity-image-${side}`} />
                </a>
                <span className={styles.muted}>{label}</span>
              </li>
            ))}
          </ul>
          {decidable ? (
            <FormField label={t`Reason, if you reject it`} hint={t`The user reads this.`} error={reasonError}>
              {(control) => (
                <textarea
                  {...control}
                  className={`${inputClassName} ${styles.multiline} ${styles.short}`}
                  value={reason}
                  maxLength={REJECT_REASON_MAX}
                  onChange={(event) => setReason(event.target.value)}
                  data-testid="identity-reason"
                />
              )}
            </FormField>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
