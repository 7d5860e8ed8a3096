/**
 * A note in the flow of a form or a page (not a toast, not a whole-part state): a sentence and an
 * optional action beside it (a link to fix what the note is about). `warning` marks what blocks
 * the user; `info` what they may want to do. Announced politely when it appears.
 */
import type { ReactNode } from 'react';
import styles from './Notice.module.css';

export function Notice({ tone = 'info', children, action, testId }: { tone?: 'info' | 'warning'; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div className={styles.notice} data-tone={tone} role="status" data-testid={testId}>
      <p className={styles.text}>{children}</p>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
