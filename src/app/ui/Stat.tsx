/**
 * A figure with its label (Equity 1,234.567 USDT; 24h high 91,200.00): the label above, the value
 * in tabular digits, an optional note below. A row of them is a StatGroup, a description list.
 */
import type { ReactNode } from 'react';
import styles from './Stat.module.css';

export interface StatProps {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  tone?: 'neutral' | 'up' | 'down';
  testId?: string;
}

export function Stat({ label, value, note, tone = 'neutral', testId }: StatProps) {
  return (
    <div className={styles.stat} data-testid={testId}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-tone={tone}>
        {value}
      </dd>
      {note !== undefined ? <dd className={styles.note}>{note}</dd> : null}
    </div>
  );
}

export function StatGroup({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className={styles.group} aria-label={label}>
      {children}
    </dl>
  );
}
