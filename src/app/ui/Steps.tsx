/**
 * Where a process stands (identity verification, a withdrawal, a C2C order): numbered steps, done,
 * current and to come, as an ordered list with the current one marked for assistive technology.
 */
import type { ReactNode } from 'react';
import { CheckIcon } from './icons';
import styles from './Steps.module.css';

export interface Step {
  key: string;
  label: ReactNode;
  note?: ReactNode;
}

export function Steps({ steps, current, label, testId }: { steps: readonly Step[]; current: number; label: string; testId?: string }) {
  return (
    <ol className={styles.steps} aria-label={label} data-testid={testId}>
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step.key} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? <CheckIcon size={14} /> : index + 1}
            </span>
            <span className={styles.text}>
              <span className={styles.label}>{step.label}</span>
              {step.note ? <span className={styles.note}>{step.note}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
