/**
 * The console's identity reviews (issue 15): the submissions waiting for a decision, oldest first
 * (or every submission, newest first), each opened in a dialog with its three images and the full
 * document number. Opening one marks it as being reviewed (the user sees status 2); the operator
 * approves it (status 4: the user is verified at the site's required level, under the name on the
 * document) or rejects it with a reason the user reads (status 3). The server records who decided
 * and notifies the user.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import {
  operatorIdentityDecideCall,
  operatorIdentityListCall,
  operatorIdentityReviewCall,
  REJECT_REASON_MAX,
  type OperatorIdentity,
} from '../../../shared/api/identity';
import { IDENTITY_STATUS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { StatusMessage } from '../../ui/StatusMessage';
import { queueTable, RejectReasonField, ReviewQueuePanel, useDecision, useQueueColumns, useReviewQueue, type QueueState } from './reviewQueue';
import { useIdentityText } from './UsersSection';
import styles from './operator.module.css';

const QUEUE_PAGE = 50;

function readQueue(state: QueueState): Promise<OperatorIdentity[] | false> {
  return callApi(operatorIdentityListCall, { query: { state, limit: QUEUE_PAGE } });
}

export function IdentitySection() {
  const { t } = useLingui();
  const language = useLanguage();
  const identity = useIdentityText();
  const queue = useReviewQueue(readQueue, 'Failed to read the identity submissions');
  const [open, setOpen] = useState<OperatorIdentity | null>(null);

  const { first, last } = useQueueColumns<OperatorIdentity>({
    status: (row) => identity(row.status),
    decidable: (row) => row.status === IDENTITY_STATUS.created || row.status === IDENTITY_STATUS.reviewing,
    reviewLabel: (id) => t`Review submission ${id}`,
    onOpen: setOpen,
    testId: 'identity-review',
  });
  const columns: DataColumn<OperatorIdentity>[] = [
    ...first,
    { key: 'name', label: t`Name`, cell: (row) => row.realName },
    { key: 'sent', label: t`Sent`, cell: (row) => formatDate(row.submittedAt, language, { withTime: true }), hideOnPhone: true },
    ...last,
  ];

  const table = (
    <DataTable
      caption={t`Identity submissions`}
      columns={columns}
      {...queueTable(queue)}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'identity-row', 'data-id': row.id, 'data-user': row.userId })}
      error={{ title: t`The submissions could not be loaded.`, retry: () => queue.show(queue.state) }}
      empty={queue.state === 'waiting' ? t`No submission is waiting for review.` : t`No submission yet.`}
      testId="identity-table"
    />
  );

  return (
    <div className={styles.section} data-testid="operator-identity">
      <ReviewQueuePanel
        queue={queue}
        title={t`Identity verification`}
        tabsLabel={t`Submissions to show`}
        waitingLabel={t`Waiting for review`}
        allLabel={t`All submissions`}
        testPrefix="identity"
      >
        {table}
      </ReviewQueuePanel>
      {open ? (
        <ReviewDialog
          submission={open}
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
  const { reason, setReason, reasonError, busy, decide: sendDecision } = useDecision(onDecided);
  const decidable = opened !== null && opened !== 'loading' && (opened.status === IDENTITY_STATUS.created || opened.status === IDENTITY_STATUS.reviewing);

  const decide = (body: { decision: 'approve' } | { decision: 'reject'; reason: string }) =>
    sendDecision(
      () => callApi(operatorIdentityDecideCall, { query: { id: submission.id }, body }),
      body.decision === 'approve' ? t`Submission ${id} is approved.` : t`Submission ${id} is rejected.`,
      body.decision === 'reject',
    );

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
            <RejectReasonField value={reason} onChange={setReason} error={reasonError} maxLength={REJECT_REASON_MAX} testId="identity-reason" />
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
