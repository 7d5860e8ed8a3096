/**
 * A centred message in place of content that is loading, failed, or has nothing to show: a whole
 * page's (heading level 1, the default) or a part's (level 2 or 3). The one loading, error and
 * empty state of the kit; DataTable shows it in a table's place.
 */
import type { ReactNode } from 'react';
import { Button } from './Button';
import styles from './StatusMessage.module.css';

export interface StatusMessageProps {
  tone: 'loading' | 'error' | 'neutral';
  title: string;
  detail?: ReactNode;
  action?: { label: string; onClick: () => void };
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
  testId?: string;
}

export function StatusMessage({ tone, title, detail, action, headingLevel = 1, children, testId }: StatusMessageProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h1';
  return (
    <section className={styles.message} data-tone={tone} data-level={headingLevel} role={tone === 'error' ? 'alert' : 'status'} aria-busy={tone === 'loading'} data-testid={testId}>
      {tone === 'loading' ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <Heading className={styles.title}>{title}</Heading>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {action ? (
        <Button onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
      {children}
    </section>
  );
}
