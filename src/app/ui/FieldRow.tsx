/** Fields side by side (a coin and its network), two to a row from 640 px and stacked below. */
import type { ReactNode } from 'react';
import styles from './FieldRow.module.css';

export function FieldRow({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `${styles.row} ${className}` : styles.row}>{children}</div>;
}
