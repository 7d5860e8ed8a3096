/** A centred message for a page that is loading, failed, or has nothing to show. */
import type { ReactNode } from 'react';
import styles from './StatusMessage.module.css';

export interface StatusMessageProps {
  tone: 'loading' | 'error' | 'neutral';
  title: string;
  detail?: ReactNode;
  action?: { label: string; onClick: () => void };
  children?: ReactNode;
}

export function StatusMessage({ tone, title, detail, action, children }: StatusMessageProps) {
  return (
    <section className={styles.message} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'} aria-busy={tone === 'loading'}>
      {tone === 'loading' ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <h1 className={styles.title}>{title}</h1>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {action ? (
        <button type="button" className={styles.action} onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
      {children}
    </section>
  );
}
