/**
 * The notes a content screen shows when the server did not answer: offline (the browser says
 * so) or the server out of reach, and what the screen shows instead.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useOnline } from '../../pwa/connectivity';
import { useArticleStorageProblem } from './articleStore';
import styles from './content.module.css';

export function OfflineNotice({ children, testId = 'content-offline' }: { children: ReactNode; testId?: string }) {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <div className={styles.notice} role="status" data-testid={testId} data-online={online ? 'true' : 'false'}>
      <CloudOffIcon />
      <p>
        <strong>{online ? t`The server could not be reached.` : t`You are offline.`}</strong> {children}
      </p>
    </div>
  );
}

/** Shown on lists when the device could not store what the user opened or saved. */
export function StorageProblemNote() {
  const { t } = useLingui();
  const problem = useArticleStorageProblem();
  if (!problem) return null;
  return (
    <p className={styles.warning} role="alert" data-testid="content-storage-problem">
      {problem === 'full'
        ? t`This device is out of storage space, so articles cannot be kept for offline reading.`
        : t`This browser does not let the site keep articles for offline reading.`}
    </p>
  );
}

function CloudOffIcon() {
  return (
    <svg className={styles.noticeIcon} viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M7.5 18H17a4 4 0 0 0 1.6-7.67A6 6 0 0 0 8.1 7.3" />
      <path d="M5.4 9.6A4.5 4.5 0 0 0 7.5 18" />
      <path d="m3 3 18 18" />
    </svg>
  );
}
